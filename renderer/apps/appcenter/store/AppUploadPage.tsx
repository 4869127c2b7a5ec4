import { Alert, Button, Card, Empty, Form, Input, Radio, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS, STORE_API, STORE_LIMITS, type Channel, type PublishSource, type StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { useGet } from '../../../shell/use-load.ts';

/**
 * Publishing an application (spec §2.7 `appstore/upload`, admin): one application of the space, a version name,
 * trial or official, notes. The server builds the package (no records) and it waits for the operator's review.
 */
export function AppUploadPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const sources = useGet<{ sources: PublishSource[] }>(`${STORE_API}/sources`);
  const [appId, setAppId] = useState<string | undefined>();
  const [label, setLabel] = useState('');
  const [channel, setChannel] = useState<Channel>('official');
  const [notes, setNotes] = useState('');
  const [published, setPublished] = useState<StoreVersion | null>(null);
  const { busy, error, setError, submit } = useSubmit<StoreVersion>((version) => {
    setPublished(version);
    setLabel('');
    setNotes('');
    void sources.reload();
  });
  const chosen = sources.data?.sources.find((s) => s.id === appId);

  function publish() {
    if (!appId) return setError(t('appcenter.store.upload.chooseApp'));
    if (!label.trim()) return setError(t('appcenter.store.upload.labelRequired'));
    void submit(async () => (await api.post<StoreVersion>(`${STORE_API}/versions`, { appId, label: label.trim(), channel, notes }, { json: true })).data);
  }

  const audit = ROUTES.find((r) => r.id === 'appcenter.audit')!;
  return (
    <Card title={t('appcenter.store.upload.title')} data-testid="app-upload">
      <p className="qp-muted">{t('appcenter.store.upload.hint')}</p>
      {sources.error && <Alert type="error" content={sources.error} className="qp-gap" />}
      {sources.data && sources.data.sources.length === 0 && <Empty description={t('appcenter.store.upload.noApps')} />}
      {published && (
        <Alert
          type="success"
          className="qp-gap"
          data-testid="upload-done"
          content={
            <>
              {t('appcenter.store.upload.done', { name: published.appName, label: published.label })}{' '}
              <a href={buildPath(audit, {}, match.spaceId)}>{t('appcenter.store.upload.seeReview')}</a>
            </>
          }
        />
      )}
      {sources.data && sources.data.sources.length > 0 && (
        <Form layout="vertical" style={{ maxWidth: 560 }} onSubmit={publish}>
          <Form.Item label={t('appcenter.store.upload.app')} required>
            <Select value={appId} onChange={(v: string) => setAppId(v)} placeholder={t('appcenter.store.upload.chooseApp')} aria-label={t('appcenter.store.upload.app')} data-testid="upload-app"
              options={sources.data.sources.map((s) => ({ value: s.id, label: `${s.systemName} / ${s.name}`, disabled: s.forms === 0 }))} />
          </Form.Item>
          {chosen && (
            <p className="qp-muted" data-testid="upload-app-facts">
              {t('appcenter.store.upload.facts', { forms: chosen.forms })} {chosen.lastLabel ? t('appcenter.store.upload.last', { label: chosen.lastLabel }) : ''}
            </p>
          )}
          <Form.Item label={t('appcenter.store.upload.label')} required extra={t('appcenter.store.upload.labelHint')}>
            <Input value={label} maxLength={STORE_LIMITS.label} onChange={setLabel} aria-label={t('appcenter.store.upload.label')} data-testid="upload-label" />
          </Form.Item>
          <Form.Item label={t('appcenter.store.upload.channel')}>
            <Radio.Group value={channel} onChange={(v: Channel) => setChannel(v)} aria-label={t('appcenter.store.upload.channel')} data-testid="upload-channel">
              {CHANNELS.map((c) => (
                <Radio key={c} value={c}>{t(`appcenter.store.channel.${c}`)}</Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('appcenter.store.upload.notes')}>
            <Input.TextArea value={notes} maxLength={STORE_LIMITS.notes} showWordLimit autoSize={{ minRows: 3 }} onChange={setNotes} aria-label={t('appcenter.store.upload.notes')} data-testid="upload-notes" />
          </Form.Item>
          {error && <Alert type="error" content={error} className="qp-gap" data-testid="upload-error" />}
          <Button type="primary" htmlType="submit" loading={busy} data-testid="upload-publish">
            {t('appcenter.store.upload.publish')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
