import { Divider, Form, Input, InputNumber, Select, Space, Typography } from '@arco-design/web-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS, type FieldDef, type NumberRule, type NumberingRule } from '../../../../shared/forms/fields.ts';
import { NUMBERING_DATE_PARTS } from '../../../../shared/forms/validate-definition.ts';
import { ColumnsEditor } from './ColumnsEditor.tsx';
import { DEFAULT_NUMBERING, isChoice, numberingExample } from './field-catalog.tsx';
import { OptionsEditor } from './OptionsEditor.tsx';
import { RelationProperties } from './RelationProperties.tsx';

const MB = 1024 * 1024;
type RuleKind = NumberRule['kind'] | 'none';
type Change = (field: FieldDef) => void;

/** Drops a property instead of storing undefined: definitions travel as JSON and are compared by the server. */
function without<K extends keyof FieldDef>(field: FieldDef, key: K): FieldDef {
  const copy = { ...field };
  delete copy[key];
  return copy;
}
const setOrDrop = <K extends keyof FieldDef>(field: FieldDef, key: K, value: FieldDef[K] | undefined): FieldDef =>
  value === undefined || value === null ? without(field, key) : { ...field, [key]: value };

/** number / amount: decimal places and the §5 numeric rule (greater, less, between). */
export function NumberProperties({ field, onChange }: { field: FieldDef; onChange: Change }) {
  const { t } = useTranslation();
  const rule = field.numberRule;
  const kind: RuleKind = rule?.kind ?? 'none';
  const setRule = (next: { kind: RuleKind; min?: number; max?: number }) =>
    onChange(next.kind === 'none' ? without(field, 'numberRule') : { ...field, numberRule: { kind: next.kind, ...(next.min !== undefined ? { min: next.min } : {}), ...(next.max !== undefined ? { max: next.max } : {}) } });
  const bound = (which: 'min' | 'max') => (
    <InputNumber
      data-testid={`prop-rule-${which}`}
      value={rule?.[which]}
      placeholder={t(which === 'min' ? 'forms.ui.props.min' : 'forms.ui.props.max')}
      onChange={(value: number | undefined) => setRule({ kind, min: rule?.min, max: rule?.max, [which]: value ?? undefined })}
      style={{ width: 120 }}
    />
  );
  return (
    <>
      <Form.Item label={t('forms.ui.props.decimals')} extra={t('forms.ui.props.decimalsHint', { max: FORM_LIMITS.decimals })}>
        <InputNumber data-testid="prop-decimals" min={0} max={FORM_LIMITS.decimals} precision={0} value={field.decimals} placeholder={t('forms.ui.props.noLimit')}
          onChange={(decimals: number | undefined) => onChange(setOrDrop(field, 'decimals', decimals))} />
      </Form.Item>
      <Form.Item label={t('forms.ui.props.numberRule')}>
        <Select data-testid="prop-rule-kind" value={kind} onChange={(next: RuleKind) => setRule({ kind: next, min: rule?.min, max: rule?.max })}
          options={(['none', 'greater', 'less', 'between'] as const).map((k) => ({ value: k, label: t(`forms.ui.props.rule.${k}`) }))} />
        <Space className="qp-fd-rule" size="small">
          {(kind === 'greater' || kind === 'between') && bound('min')}
          {kind === 'between' && <span>~</span>}
          {(kind === 'less' || kind === 'between') && bound('max')}
        </Space>
      </Form.Item>
    </>
  );
}

/** attachment / image: files per field (at most 5 per upload, §5) and the per-file size limit. */
function FileProperties({ field, onChange }: { field: FieldDef; onChange: Change }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('forms.ui.props.maxFiles')} extra={t('forms.ui.props.maxFilesHint', { max: FORM_LIMITS.filesPerUpload })}>
        <InputNumber data-testid="prop-max-files" min={1} max={FORM_LIMITS.filesPerUpload} precision={0} value={field.maxFiles} placeholder={String(FORM_LIMITS.filesPerUpload)}
          onChange={(maxFiles: number | undefined) => onChange(setOrDrop(field, 'maxFiles', maxFiles))} />
      </Form.Item>
      <Form.Item label={t('forms.ui.props.maxFileSize')} extra={t('forms.ui.props.maxFileSizeHint', { max: FORM_LIMITS.fileSizeMax / MB })}>
        <InputNumber data-testid="prop-max-file-size" min={1} max={FORM_LIMITS.fileSizeMax / MB} precision={0} suffix="MB"
          value={field.maxFileSize === undefined ? undefined : Math.round(field.maxFileSize / MB)} placeholder={String(FORM_LIMITS.fileSizeDefault / MB)}
          onChange={(mb: number | undefined) => onChange(setOrDrop(field, 'maxFileSize', mb === undefined ? undefined : Math.round(mb * MB)))} />
      </Form.Item>
    </>
  );
}

/** serial: prefix, date part and digits, with the number the first record of today would get. */
function NumberingProperties({ field, onChange }: { field: FieldDef; onChange: Change }) {
  const { t } = useTranslation();
  const rule: NumberingRule = field.numbering ?? DEFAULT_NUMBERING;
  const set = (patch: Partial<NumberingRule>) => onChange({ ...field, numbering: { ...rule, ...patch } });
  return (
    <>
      <Form.Item label={t('forms.ui.props.prefix')} extra={t('forms.ui.props.prefixHint', { limit: FORM_LIMITS.numberingPrefix })}>
        <Input data-testid="prop-prefix" value={rule.prefix} maxLength={FORM_LIMITS.numberingPrefix} placeholder="SO-" onChange={(prefix) => set({ prefix })} />
      </Form.Item>
      <Form.Item label={t('forms.ui.props.datePart')}>
        <Select data-testid="prop-date-part" value={rule.datePart} onChange={(datePart: NumberingRule['datePart']) => set({ datePart })}
          options={NUMBERING_DATE_PARTS.map((p) => ({ value: p, label: t(`forms.ui.props.datePart.${p}`) }))} />
      </Form.Item>
      <Form.Item label={t('forms.ui.props.digits')}>
        <InputNumber data-testid="prop-digits" min={FORM_LIMITS.numberingDigits.min} max={FORM_LIMITS.numberingDigits.max} precision={0} value={rule.digits}
          onChange={(digits: number | undefined) => set({ digits: digits ?? FORM_LIMITS.numberingDigits.min })} />
      </Form.Item>
      <Typography.Text type="secondary" data-testid="prop-numbering-example">
        {t('forms.ui.props.numberingExample', { example: numberingExample(rule) })}
      </Typography.Text>
    </>
  );
}

export interface TypePropertiesProps {
  field: FieldDef;
  onChange: Change;
  appId: string;
  formId: string;
  newKey(): string;
}

/** What a field's type adds to the common properties. */
export function TypeProperties({ field, onChange, appId, newKey }: TypePropertiesProps) {
  const { t } = useTranslation();
  let body: ReactElement | null = null;
  if (isChoice(field.type)) body = <OptionsEditor key={field.key} field={field} onChange={onChange} />;
  else if (field.type === 'number' || field.type === 'amount') body = <NumberProperties field={field} onChange={onChange} />;
  else if (field.type === 'attachment' || field.type === 'image') body = <FileProperties field={field} onChange={onChange} />;
  else if (field.type === 'serial') body = <NumberingProperties field={field} onChange={onChange} />;
  else if (field.type === 'relation') body = <RelationProperties field={field} onChange={onChange} appId={appId} />;
  else if (field.type === 'subtable') body = <ColumnsEditor field={field} onChange={onChange} newKey={newKey} />;
  if (!body) return null;
  return (
    <>
      <Divider orientation="left" className="qp-fd-divider">{t('forms.ui.props.typeSettings')}</Divider>
      {body}
    </>
  );
}
