import { Alert, Button, Card, Result, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconRefresh } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { defaultValues, type FieldError } from '../../../../shared/forms/validate.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { RecordForm } from '../record-form/RecordForm.tsx';
import { useRecordValidation } from '../record-form/validation.ts';
import { takeHandOff } from './preview-handoff.ts';
import type { DesignAnswer } from './use-designer.ts';
import './designer.css';

const VALID_ID = /^[0-9]{1,18}$/;

interface Loaded {
  name: string;
  fields: FieldDef[];
  /** 'unsaved' when the designer handed over edits it has not saved yet. */
  source: 'unsaved' | 'draft' | 'version';
}

/**
 * The designer's preview (route forms.designerPreview, opened in a new window): the draft or a published
 * version as a user will fill it in, with the real checks on "Check" — nothing is ever saved from here.
 */
export function DesignerPreviewPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const formId = match.params['tableId'] ?? '';
  const version = match.params['version'] ?? 'draft';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldError[] | null>(null);
  const validate = useRecordValidation(loaded?.fields ?? []);

  useEffect(() => {
    if (!VALID_ID.test(formId)) return;
    let live = true;
    api.get<DesignAnswer>(`/api/forms/forms/${formId}/design`).then(
      ({ data }) => {
        if (!live) return;
        const handed = version === 'draft' ? takeHandOff(formId) : null;
        const published = data.versions.find((v) => String(v.version) === version);
        const fields = handed ?? (version === 'draft' ? data.form.draft?.fields : published?.definition.fields) ?? null;
        if (!fields) return setFailure(t('forms.ui.preview.noVersion', { version }));
        setLoaded({ name: data.form.name, fields, source: handed ? 'unsaved' : version === 'draft' ? 'draft' : 'version' });
        setValues(defaultValues(fields));
      },
      (error: Error) => live && setFailure(error.message),
    );
    return () => {
      live = false;
    };
  }, [api, formId, t, version]);

  if (!VALID_ID.test(formId)) return <Result status="404" title={t('forms.formNotFound')} />;
  if (failure) return <Result status="error" title={t('common.fetchFailed')} subTitle={failure} />;
  if (!loaded) return <Spin className="qp-fd-loading" tip={t('forms.ui.designer.loading')} />;

  const check = () => setErrors(validate(values));
  const reset = () => {
    setValues(defaultValues(loaded.fields));
    setErrors(null);
  };

  return (
    <div className="qp-fd-preview" data-testid="designer-preview-page">
      <Card
        title={
          <Space>
            <Typography.Title heading={5} className="qp-fd-name">{loaded.name}</Typography.Title>
            <Tag color={loaded.source === 'version' ? 'green' : 'orange'}>
              {loaded.source === 'version' ? t('forms.ui.versions.version', { version }) : t(loaded.source === 'unsaved' ? 'forms.ui.preview.unsaved' : 'forms.ui.preview.draft')}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            <Button icon={<IconRefresh />} onClick={reset} data-testid="preview-reset">{t('forms.ui.preview.reset')}</Button>
            <Button type="primary" icon={<IconCheckCircle />} onClick={check} data-testid="preview-check">{t('forms.ui.preview.check')}</Button>
          </Space>
        }
      >
        <Alert type="info" className="qp-gap" content={t('forms.ui.preview.hint')} />
        {errors !== null && (
          <Alert className="qp-gap" type={errors.length ? 'error' : 'success'} data-testid="preview-result"
            content={errors.length ? t('forms.ui.preview.problems', { n: errors.length }) : t('forms.ui.preview.fine')} />
        )}
        {loaded.fields.length === 0 ? (
          <Result status="404" subTitle={t('forms.ui.designer.empty')} />
        ) : (
          <RecordForm fields={loaded.fields} values={values} errors={errors ?? []} onChange={(next) => {
            setValues(next);
            // Once checked, keep the messages current while the user corrects the values.
            if (errors !== null) setErrors(validate(next));
          }} />
        )}
      </Card>
    </div>
  );
}
