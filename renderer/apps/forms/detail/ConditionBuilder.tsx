import { Button, Radio, Select, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { Condition, FilterProblem, Operator } from '../../../../shared/forms/filters.ts';
import { operatorsFor, rowFor, valueFor, type ConditionDraft, type FieldChoice } from './condition-model.ts';
import { ValueInput } from './ValueInput.tsx';

interface ConditionBuilderProps {
  draft: ConditionDraft;
  onChange(draft: ConditionDraft): void;
  choices: FieldChoice[];
  /** Problems by row index (null: the whole condition), shown where they are. */
  problems: Map<number | null, FilterProblem>;
  problemText(problem: FilterProblem): string;
}

/**
 * "Records matching a condition": rows of field + operator + value, all joined by "and" or by "or". Operators are
 * those the field's kind supports (OPERATORS_BY_KIND), so the server never gets one it would refuse.
 */
export function ConditionBuilder({ draft, onChange, choices, problems, problemText }: ConditionBuilderProps) {
  const { t } = useTranslation();
  const byKey = new Map(choices.map((c) => [c.key, c]));
  const setRow = (index: number, row: Condition) => onChange({ ...draft, rows: draft.rows.map((r, i) => (i === index ? row : r)) });
  const add = () => choices[0] && onChange({ ...draft, rows: [...draft.rows, rowFor(choices[0])] });
  const whole = problems.get(null);

  return (
    <div data-testid="rule-condition">
      <div className="qp-fd-toolbar qp-fd-gap">
        <Typography.Text>{t('forms.detail.rules.match')}</Typography.Text>
        <Radio.Group type="button" size="small" value={draft.logic} onChange={(logic: 'and' | 'or') => onChange({ ...draft, logic })}>
          <Radio value="and">{t('forms.detail.rules.logic.and')}</Radio>
          <Radio value="or">{t('forms.detail.rules.logic.or')}</Radio>
        </Radio.Group>
      </div>
      {draft.rows.map((row, index) => {
        const choice = byKey.get(row.field);
        const problem = problems.get(index);
        return (
          <div key={index}>
            <div className="qp-fd-condition-row" data-testid={`condition-row-${index}`}>
              <Select
                value={row.field}
                showSearch
                onChange={(key: string) => {
                  const next = byKey.get(key);
                  if (next) setRow(index, rowFor(next));
                }}
                status={problem ? 'error' : undefined}
              >
                {choices.map((c) => (
                  <Select.Option key={c.key} value={c.key}>
                    {c.label}
                  </Select.Option>
                ))}
              </Select>
              <Select value={row.op} onChange={(op: Operator) => setRow(index, { field: row.field, op, value: valueFor(op) })} style={{ width: 140 }}>
                {(choice ? operatorsFor(choice.kind) : [row.op]).map((op) => (
                  <Select.Option key={op} value={op}>
                    {t(`forms.detail.op.${op}`)}
                  </Select.Option>
                ))}
              </Select>
              {choice && <ValueInput choice={choice} row={row} onChange={(value) => setRow(index, { ...row, value })} />}
              <Button
                icon={<IconDelete />}
                status="danger"
                type="text"
                aria-label={t('forms.detail.rules.removeCondition')}
                onClick={() => onChange({ ...draft, rows: draft.rows.filter((_, i) => i !== index) })}
              />
            </div>
            {problem && <Typography.Text type="error" className="qp-fd-comment-problem">{problemText(problem)}</Typography.Text>}
          </div>
        );
      })}
      {draft.kept.length > 0 && <Typography.Paragraph type="secondary">{t('forms.detail.rules.keptGroups', { n: draft.kept.length })}</Typography.Paragraph>}
      <Button size="small" icon={<IconPlus />} onClick={add} data-testid="condition-add">
        {t('forms.detail.rules.addCondition')}
      </Button>
      {whole && (
        <div>
          <Typography.Text type="error" className="qp-fd-comment-problem">{problemText(whole)}</Typography.Text>
        </div>
      )}
    </div>
  );
}
