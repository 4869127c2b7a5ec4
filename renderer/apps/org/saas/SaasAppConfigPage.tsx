import { Alert, Button, Card, Form, InputNumber, Message, Select, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { SpaceDefaults } from '../../../../shared/api/org-saas.ts';
import { SAAS_API, useSettingsDraft } from './saas-api.ts';

type QuotaKey = 'quotaMembers' | 'quotaApps' | 'quotaStorageMb';

/**
 * saasconsole/appConfig (spec §2.6, saas; decision 0075): the provider's defaults for the spaces opened for it from
 * now on — their language and quotas (empty = unlimited).
 */
export function SaasAppConfigPage() {
  const { t } = useTranslation();
  const { loaded, draft, setDraft, error, busy, save: put } = useSettingsDraft<SpaceDefaults>(`${SAAS_API}/defaults`);

  async function save() {
    if (draft && (await put(draft))) Message.success(t('saas.common.saved'));
  }

  if (loaded.error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: loaded.error })} action={<Button onClick={loaded.reload}>{t('saas.common.reload')}</Button>} />;
  if (!draft) return <Spin block loading className="qp-gap" />;
  const quota = (key: QuotaKey) => (
    <Form.Item label={t(`saas.defaults.${key}`)}>
      <InputNumber
        min={1}
        precision={0}
        value={draft[key] ?? undefined}
        placeholder={t('saas.common.unlimited')}
        onChange={(value) => setDraft({ ...draft, [key]: typeof value === 'number' && value > 0 ? value : null })}
        data-testid={`saas-defaults-${key}`}
      />
    </Form.Item>
  );
  return (
    <Card title={t('saas.defaults.title')} className="qp-narrow-card" data-testid="saas-defaults">
      <Alert type="info" content={t('saas.defaults.hint')} className="qp-gap" />
      <Form layout="vertical" onSubmit={save}>
        <Form.Item label={t('saas.defaults.language')}>
          <Select aria-label={t('saas.defaults.language')}
            value={draft.defaultLanguage}
            onChange={(value: SpaceDefaults['defaultLanguage']) => setDraft({ ...draft, defaultLanguage: value })}
            options={[{ value: 'zh-CN', label: '简体中文' }, { value: 'en', label: 'English' }]}
          />
        </Form.Item>
        {quota('quotaMembers')}
        {quota('quotaApps')}
        {quota('quotaStorageMb')}
        {error && <Alert type="error" content={error} className="qp-gap" />}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('saas.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
