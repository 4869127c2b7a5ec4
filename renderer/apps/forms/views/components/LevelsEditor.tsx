import { Button, Select } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { CASCADE_MAX_LEVELS, fieldsFor } from '../model/view-config.ts';

interface Props {
  fields: readonly FieldDef[];
  levels: string[];
  onChange(levels: string[]): void;
}

/** The levels of a cascade filter, root first: 1 to 5 select, radio, relation, member or department fields. */
export function LevelsEditor({ fields, levels, onChange }: Props) {
  const { t } = useTranslation();
  const candidates = fieldsFor(fields, 'levels');
  const set = (index: number, key: string) => onChange(levels.map((l, i) => (i === index ? key : l)));
  const swap = (a: number, b: number) => {
    const next = [...levels];
    [next[a], next[b]] = [next[b]!, next[a]!];
    onChange(next);
  };
  const unused = candidates.find((f) => !levels.includes(f.key));

  if (candidates.length === 0) return <div className="qp-muted">{t('forms.views.config.noLevelFields')}</div>;
  return (
    <div className="qp-fv-levels">
      {levels.map((key, index) => (
        <div key={index} className="qp-fv-level" data-testid={`cascade-level-${index + 1}`}>
          <span className="qp-fv-level-no">{t('forms.views.config.levelN', { n: index + 1 })}</span>
          <Select
            className="qp-fv-level-select"
            value={key || undefined}
            placeholder={t('forms.views.config.chooseField')}
            options={candidates.map((f) => ({ value: f.key, label: f.label || f.key, disabled: f.key !== key && levels.includes(f.key) }))}
            onChange={(next: string) => set(index, next)}
          />
          <Button size="mini" type="text" icon={<IconArrowUp />} disabled={index === 0} aria-label={t('forms.views.config.moveUp')} onClick={() => swap(index, index - 1)} />
          <Button size="mini" type="text" icon={<IconArrowDown />} disabled={index === levels.length - 1} aria-label={t('forms.views.config.moveDown')} onClick={() => swap(index, index + 1)} />
          <Button size="mini" type="text" status="danger" icon={<IconDelete />} disabled={levels.length <= 1} aria-label={t('forms.views.config.removeLevel')} onClick={() => onChange(levels.filter((_, i) => i !== index))} />
        </div>
      ))}
      <Button size="small" type="dashed" icon={<IconPlus />} disabled={levels.length >= CASCADE_MAX_LEVELS || !unused} onClick={() => unused && onChange([...levels, unused.key])} data-testid="cascade-add-level">
        {t('forms.views.config.addLevel', { max: CASCADE_MAX_LEVELS })}
      </Button>
    </div>
  );
}
