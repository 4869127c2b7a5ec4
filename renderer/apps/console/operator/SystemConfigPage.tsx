import { Alert, Button, Card, Form, Input, InputNumber, Message, Select, Spin, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MB_MAX, type PlatformSettings } from '../../../../shared/api/console-operator.ts';
import { LANGUAGES } from '../../../../shared/i18n/index.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface Answer {
  settings: PlatformSettings;
  environment: { desktopDownloadUrl: string | null };
}

const URL_PATTERN = /^https?:\/\/\S+$/;

/** `/root/systemConfig`: registration, default language, upload limit and the desktop app's links (decision 0080). */
export function SystemConfigPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form] = Form.useForm<PlatformSettings>();
  const { data, error, loading, reload, setData } = useLoad(async () => (await api.get<Answer>('/api/console/operator/settings')).data, [api]);
  const save = useSubmit((answer: Answer) => {
    setData(answer);
    Message.success(t('consoleOperator.saved'));
  });
  const urlRule = { validator: (value: string | undefined, callback: (error?: string) => void) => callback(!value || URL_PATTERN.test(value) ? undefined : t('consoleOperator.settings.badUrl')) };

  function submit(values: PlatformSettings) {
    const body: PlatformSettings = { ...values, desktopUpdateFeed: values.desktopUpdateFeed?.trim() || null, desktopDownloadUrl: values.desktopDownloadUrl?.trim() || null };
    return save.submit(async () => (await api.request<Answer>('patch', '/api/console/operator/settings', { body, json: true })).data);
  }

  if (error) return <Card title={t('consoleOperator.settings.title')}><LoadError message={error} onRetry={() => void reload()} /></Card>;
  if (!data) return <Spin loading={loading} />;
  return (
    <Card title={t('consoleOperator.settings.title')} data-testid="operator-settings">
      <p className="qp-muted">{t('consoleOperator.settings.hint')}</p>
      <Form form={form} layout="vertical" initialValues={data.settings} onSubmit={(values: PlatformSettings) => void submit(values)} style={{ maxWidth: 640 }} key={JSON.stringify(data.settings)}>
        <Form.Item label={t('consoleOperator.settings.registrationOpen')} field="registrationOpen" triggerPropName="checked">
          <Switch aria-label={t('consoleOperator.settings.registrationOpen')} data-testid="setting-registration" />
        </Form.Item>
        <Form.Item label={t('consoleOperator.settings.defaultLanguage')} field="defaultLanguage" extra={t('consoleOperator.settings.defaultLanguageHint')}>
          <Select aria-label={t('consoleOperator.settings.defaultLanguage')} style={{ width: 220 }} options={LANGUAGES.map((l) => ({ value: l, label: t(`consoleOperator.lang.${l}`) }))} />
        </Form.Item>
        <Form.Item label={t('consoleOperator.settings.uploadMaxMb')} field="uploadMaxMb" rules={[{ required: true, type: 'number', min: 1, max: UPLOAD_MB_MAX }]}>
          <InputNumber aria-label={t('consoleOperator.settings.uploadMaxMb')} min={1} max={UPLOAD_MB_MAX} precision={0} style={{ width: 160 }} data-testid="setting-upload" />
        </Form.Item>
        <Form.Item label={t('consoleOperator.settings.desktopUpdateFeed')} field="desktopUpdateFeed" rules={[urlRule]} extra={t('consoleOperator.settings.desktopUpdateFeedHint')}>
          <Input aria-label={t('consoleOperator.settings.desktopUpdateFeed')} allowClear placeholder="https://" />
        </Form.Item>
        <Form.Item
          label={t('consoleOperator.settings.desktopDownloadUrl')}
          field="desktopDownloadUrl"
          rules={[urlRule]}
          extra={t('consoleOperator.settings.fromEnvironment', { value: data.environment.desktopDownloadUrl ?? t('consoleOperator.settings.none') })}
        >
          <Input allowClear placeholder="https://" />
        </Form.Item>
        {save.error && <Alert type="error" content={save.error} className="qp-gap" />}
        <Button type="primary" htmlType="submit" loading={save.busy} data-testid="settings-save">{t('consoleOperator.save')}</Button>
      </Form>
    </Card>
  );
}
