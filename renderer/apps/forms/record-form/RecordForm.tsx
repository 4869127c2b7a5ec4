import { Form, Grid, Typography } from '@arco-design/web-react';
import { useMemo } from 'react';
import type { FieldDef, FieldWidth } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { DirectoryProvider } from './directory.tsx';
import { FieldInput } from './FieldInput.tsx';
import { ReadOnlyValue } from './ReadOnlyValue.tsx';
import type { RecordLabels } from './types.ts';
import { errorsUnder, useErrorText } from './validation.ts';
import './record-form.css';

export interface RecordFormProps {
  fields: readonly FieldDef[];
  values: Record<string, unknown>;
  onChange(values: Record<string, unknown>): void;
  /** From useRecordValidation or a server 422 (`data.errors`); shown under their fields. */
  errors?: readonly FieldError[];
  readOnly?: boolean;
  /** Fields shown but not changeable (a workflow node's read-only fields); the rest follow `readOnly`. */
  readOnlyKeys?: readonly string[];
  labels?: RecordLabels;
}

/** Layout widths on Arco's 24-column grid. */
export const WIDTH_SPAN: Record<FieldWidth, number> = { full: 24, half: 12, third: 8 };

interface Section {
  title: string;
  fields: FieldDef[];
}

/** Consecutive fields with the same section heading form one block; an unnamed section has no heading. */
export function sectionsOf(fields: readonly FieldDef[]): Section[] {
  const sections: Section[] = [];
  for (const field of fields) {
    const title = field.section?.trim() ?? '';
    const last = sections.at(-1);
    if (last && last.title === title) last.fields.push(field);
    else sections.push({ title, fields: [field] });
  }
  return sections;
}

/** A cell error belongs in its cell; the field's own errors and row errors go under the field. */
const isCellError = (error: FieldError, key: string) => error.field.split('.').length > 2 && error.field.startsWith(`${key}.`);

/** The form of one record: every field type, laid out by width and section, each error under its field. */
export function RecordForm({ fields, values, onChange, errors, readOnly, readOnlyKeys, labels }: RecordFormProps) {
  const errorText = useErrorText();
  const sections = useMemo(() => sectionsOf(fields), [fields]);
  const needsDirectory = fields.some((f) => f.type === 'member' || f.type === 'department');

  const item = (field: FieldDef) => {
    const fixed = readOnly || readOnlyKeys?.includes(field.key) === true;
    const mine = errorsUnder(errors, field.key);
    const shown = mine.filter((e) => !isCellError(e, field.key));
    const help = shown.length ? (
      <div>
        {shown.map((e, i) => (
          <div key={i}>{errorText(e)}</div>
        ))}
      </div>
    ) : undefined;
    return (
      <Grid.Col key={field.key} span={WIDTH_SPAN[field.width ?? 'full']} data-testid={`record-field-${field.key}`}>
        <Form.Item label={field.label} required={!fixed && field.required === true && field.type !== 'serial'} validateStatus={mine.length ? 'error' : undefined} help={help}>
          {fixed ? (
            <ReadOnlyValue field={field} value={values[field.key]} labels={labels} />
          ) : (
            <FieldInput field={field} value={values[field.key]} onChange={(value) => onChange({ ...values, [field.key]: value })} path={field.key} errors={mine} labels={labels} />
          )}
        </Form.Item>
      </Grid.Col>
    );
  };

  return (
    <DirectoryProvider needed={needsDirectory}>
      <Form layout="vertical" className="qp-record-form" autoComplete="off" onSubmit={() => undefined}>
        {sections.map((section, index) => (
          <div key={`${index}-${section.title}`} className="qp-rf-section">
            {section.title && <Typography.Title heading={6} className="qp-rf-section-title">{section.title}</Typography.Title>}
            <Grid.Row gutter={16}>{section.fields.map(item)}</Grid.Row>
          </div>
        ))}
      </Form>
    </DirectoryProvider>
  );
}
