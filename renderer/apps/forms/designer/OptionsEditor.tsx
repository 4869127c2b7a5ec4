import { Form, Input, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS, type FieldDef } from '../../../../shared/forms/fields.ts';

const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/**
 * Choices, one per line. The text box keeps what the user typed (blank lines, a half-typed option) while the
 * field gets the cleaned list; remounted per field (`key`), so switching fields shows the other field's text.
 */
export function OptionsEditor({ field, onChange, testId = 'prop-options' }: { field: FieldDef; onChange(field: FieldDef): void; testId?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (field.options ?? []).join('\n'));
  const count = linesOf(text).length;
  return (
    <Form.Item
      label={t('forms.ui.props.options')}
      required
      extra={<Typography.Text type="secondary">{t('forms.ui.props.optionsHint', { n: count, max: FORM_LIMITS.options })}</Typography.Text>}
    >
      <Input.TextArea
        data-testid={testId}
        value={text}
        autoSize={{ minRows: 4, maxRows: 12 }}
        placeholder={t('forms.ui.props.optionsPlaceholder')}
        onChange={(next: string) => {
          setText(next);
          const options = linesOf(next);
          // A default that is no longer a choice would fail forms.design.badDefault: drop it with its option.
          const keep = Array.isArray(field.defaultValue)
            ? (field.defaultValue as unknown[]).filter((v) => options.includes(String(v)))
            : typeof field.defaultValue === 'string' && options.includes(field.defaultValue) ? field.defaultValue : undefined;
          const { defaultValue: _old, ...rest } = field;
          onChange({ ...rest, options, ...(keep === undefined || (Array.isArray(keep) && keep.length === 0) ? {} : { defaultValue: keep }) });
        }}
      />
    </Form.Item>
  );
}
