import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Switch, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_PLATFORMS, RELEASE_PLATFORMS, UPDATE_FEED_PATH, type AppRelease, type ReleasePlatform } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError, when } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

type Draft = Omit<AppRelease, 'id' | 'publishedAt' | 'sha512'> & { sha512: string };
const EMPTY: Draft = { platform: 'windows', version: '', notesZh: '', notesEn: '', downloadUrl: '', sha512: '', sizeBytes: null, mandatory: false };

/**
 * `/sysop/apkconfig` (decision 0083): desktop and mobile app versions. The newest desktop version of each platform
 * is the desktop app's update feed (`latest.yml`), served by this server unless the desktop is given another feed.
 */
export function ApkConfigPage(_: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ releases: AppRelease[] }>(`${ACCESS_API}/releases`)).data.releases, []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const dialog = useSubmit(() => (setDraft(null), void reload()));
  const desktop = draft ? DESKTOP_PLATFORMS.includes(draft.platform) : false;
  const save = () => draft && dialog.submit(() => api.post(`${ACCESS_API}/releases`, { ...draft, version: draft.version.trim(), downloadUrl: draft.downloadUrl.trim(), sha512: draft.sha512.trim() || null }, { json: true }));
  const remove = async (id: string) => {
    setActionError(null);
    try {
      await api.delete(`${ACCESS_API}/releases/${id}`);
      await reload();
    } catch (failure) {
      setActionError((failure as Error).message);
    }
  };

  return (
    <Card title={t('routes.console.apkConfig')} data-testid="apk-config">
      <p className="qp-muted">{t('consoleAccess.release.hint', { feed: `${location.origin}${UPDATE_FEED_PATH}/latest.yml` })}</p>
      <Button type="primary" className="qp-gap" onClick={() => (dialog.setError(null), setDraft(EMPTY))} data-testid="release-add">{t('consoleAccess.release.add')}</Button>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {actionError && <Alert type="error" className="qp-gap" content={actionError} closable onClose={() => setActionError(null)} />}
      <Table rowKey="id" data={data ?? []} loading={loading && !data} pagination={{ pageSize: 20 }} noDataElement={t('consoleAccess.release.empty')}
        columns={[
          { title: t('consoleAccess.release.platform'), dataIndex: 'platform', render: (p: ReleasePlatform) => t(`consoleAccess.platform.${p}`) },
          { title: t('consoleAccess.release.version'), dataIndex: 'version', render: (v: string, r: AppRelease) => <span>{v} {r.mandatory && <Tag color="red">{t('consoleAccess.release.mandatory')}</Tag>}</span> },
          { title: t('consoleAccess.release.notes'), dataIndex: 'notesZh', render: (zh: string, r: AppRelease) => (i18n.language === 'en' && r.notesEn ? r.notesEn : zh) || '—' },
          { title: t('consoleAccess.release.link'), dataIndex: 'downloadUrl', render: (url: string) => <a href={url} target="_blank" rel="noopener noreferrer">{url}</a> },
          { title: t('consoleAccess.release.published'), dataIndex: 'publishedAt', render: when },
          {
            title: t('consoleAccess.ui.actions'), dataIndex: 'id', width: 100,
            render: (id: string, r: AppRelease) => (
              <Popconfirm title={t('consoleAccess.ui.deleteConfirm', { name: `${r.platform} ${r.version}` })} onOk={() => remove(id)}>
                <Button size="mini" status="danger">{t('consoleAccess.ui.delete')}</Button>
              </Popconfirm>
            ),
          },
        ]} />
      {draft && (
        <Modal visible title={t('consoleAccess.release.add')} confirmLoading={dialog.busy} onOk={() => void save()} onCancel={() => setDraft(null)} okText={t('consoleAccess.ui.save')} cancelText={t('consoleAccess.ui.cancel')}
          okButtonProps={{ disabled: !draft.version.trim() || !draft.downloadUrl.trim() || (desktop && !draft.sha512.trim()) }}>
          <Form layout="vertical">
            <Form.Item label={t('consoleAccess.release.platform')} required>
              <Select aria-label={t('consoleAccess.release.platform')} value={draft.platform} onChange={(platform: ReleasePlatform) => setDraft({ ...draft, platform })} options={RELEASE_PLATFORMS.map((p) => ({ value: p, label: t(`consoleAccess.platform.${p}`) }))} />
            </Form.Item>
            <Form.Item label={t('consoleAccess.release.version')} required extra={t('consoleAccess.release.versionHint')}><Input aria-label={t('consoleAccess.release.version')} value={draft.version} maxLength={20} placeholder="1.2.3" onChange={(version) => setDraft({ ...draft, version })} /></Form.Item>
            <Form.Item label={t('consoleAccess.release.link')} required><Input aria-label={t('consoleAccess.release.link')} value={draft.downloadUrl} maxLength={500} placeholder="https://" onChange={(downloadUrl) => setDraft({ ...draft, downloadUrl })} /></Form.Item>
            {desktop && (
              <>
                <Form.Item label="SHA-512" required extra={t('consoleAccess.release.shaHint')}><Input value={draft.sha512} maxLength={88} onChange={(sha512) => setDraft({ ...draft, sha512 })} /></Form.Item>
                <Form.Item label={t('consoleAccess.release.size')}><InputNumber aria-label={t('consoleAccess.release.size')} min={1} precision={0} value={draft.sizeBytes ?? undefined} onChange={(n) => setDraft({ ...draft, sizeBytes: n ?? null })} /></Form.Item>
              </>
            )}
            <Form.Item label={t('consoleAccess.release.notesZh')}><Input.TextArea aria-label={t('consoleAccess.release.notesZh')} value={draft.notesZh} maxLength={2000} onChange={(notesZh) => setDraft({ ...draft, notesZh })} /></Form.Item>
            <Form.Item label={t('consoleAccess.release.notesEn')}><Input.TextArea aria-label={t('consoleAccess.release.notesEn')} value={draft.notesEn} maxLength={4000} onChange={(notesEn) => setDraft({ ...draft, notesEn })} /></Form.Item>
            <Form.Item label={t('consoleAccess.release.mandatory')}><Switch aria-label={t('consoleAccess.release.mandatory')} checked={draft.mandatory} onChange={(mandatory) => setDraft({ ...draft, mandatory })} /></Form.Item>
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} />}
        </Modal>
      )}
    </Card>
  );
}
