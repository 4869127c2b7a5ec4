import { Button, Empty, Radio, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FIELD_MODES, type FieldMode, type FieldModes } from '../../../../shared/workflow/model.ts';
import { useDesignerShared } from './pickers.tsx';

/**
 * What the node's handler may do with each field of the form: edit it, read it, or not see it. Read-only is what
 * a field not named means, so it is kept out of the model. A CC recipient only ever reads (Part 2 §3.3).
 */
export function FieldModesEditor({ modes, onChange, readOnlyNode = false }: { modes: FieldModes; onChange(modes: FieldModes): void; readOnlyNode?: boolean }) {
  const { t } = useTranslation();
  const { fields } = useDesignerShared();
  const offered = FIELD_MODES.filter((m) => !readOnlyNode || m !== 'editable');
  const set = (key: string, mode: FieldMode) => {
    const next = { ...modes };
    if (mode === 'readonly') delete next[key];
    else next[key] = mode;
    onChange(next);
  };
  const all = (mode: FieldMode) => onChange(mode === 'readonly' ? {} : Object.fromEntries(fields.map((f) => [f.key, mode])));
  if (fields.length === 0) return <Empty description={t('workflow.designerUi.fields.none')} />;
  return (
    <div className="qp-flow-fields" data-testid="flow-fields">
      <Space size="mini" wrap className="qp-flow-gap">
        <Typography.Text type="secondary">{t('workflow.designerUi.fields.all')}</Typography.Text>
        {offered.map((mode) => (
          <Button key={mode} size="mini" onClick={() => all(mode)} data-testid={`flow-fields-all-${mode}`}>{t(`workflow.designerUi.fields.mode.${mode}`)}</Button>
        ))}
      </Space>
      {fields.map((field) => (
        <div key={field.key} className="qp-flow-field-row">
          <Typography.Text className="qp-flow-field-label" ellipsis>{field.label}</Typography.Text>
          <Radio.Group type="button" size="mini" value={modes[field.key] ?? 'readonly'} onChange={(mode: FieldMode) => set(field.key, mode)}
            aria-label={t('workflow.designerUi.fields.for', { field: field.label })} data-testid={`flow-field-${field.key}`}>
            {offered.map((mode) => <Radio key={mode} value={mode}>{t(`workflow.designerUi.fields.mode.${mode}`)}</Radio>)}
          </Radio.Group>
        </div>
      ))}
    </div>
  );
}
