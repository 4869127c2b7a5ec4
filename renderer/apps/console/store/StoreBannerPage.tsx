import { Alert, Button, Card, Form, Input, InputNumber, Message, Modal, Popconfirm, Space, Switch, Table } from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_IMAGE, STORE_API, STORE_LIMITS, bannerLinkOk, type Banner, type BannerInput } from '../../../../shared/api/appcenter-store.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { postFiles } from '../../../kernel/upload.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { useGet } from '../../../shell/use-load.ts';

const EMPTY: BannerInput = { title: '', link: '', sort: 0, enabled: true };

/**
 * The store's banners (spec §2.7 `appstore/setupbanner`, root): title, link, order, on or off, and an image the
 * server checks by content, size and dimensions (as the org logo) and re-encodes. Only banners with an image show.
 */
export function StoreBannerPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const banners = useGet<{ banners: Banner[] }>(`${STORE_API}/banners/all`);
  const [editing, setEditing] = useState<{ id: string | null; value: BannerInput } | null>(null);
  const [imageFor, setImageFor] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const save = useSubmit(() => {
    setEditing(null);
    Message.success(t('appcenter.store.banner.saved'));
    void banners.reload();
  });

  function submit() {
    const value = editing!.value;
    if (!value.title.trim()) return save.setError(t('appcenter.store.banner.titleBlank'));
    if (!bannerLinkOk(value.link.trim())) return save.setError(t('appcenter.store.banner.badLink'));
    void save.submit(() => (editing!.id ? api.put(`${STORE_API}/banners/${editing!.id}`, value, { json: true }) : api.post(`${STORE_API}/banners`, value, { json: true })));
  }
  async function upload(chosen: File | undefined) {
    const id = imageFor;
    if (file.current) file.current.value = '';
    if (!chosen || !id) return;
    try {
      await postFiles(apiUrl('', match.spaceUri, `${STORE_API}/banners/${id}/image`), [chosen], t('common.uploadError'), (data): data is Banner => typeof (data as { id?: unknown } | null)?.id === 'string', 'PUT');
      Message.success(t('appcenter.store.banner.imageSaved'));
      await banners.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }
  async function remove(banner: Banner) {
    try {
      await api.delete(`${STORE_API}/banners/${banner.id}`);
      await banners.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    {
      title: t('appcenter.store.banner.image'),
      dataIndex: 'hasImage',
      render: (has: boolean, b: Banner) =>
        has ? <img src={apiUrl('', match.spaceUri, `${STORE_API}/banners/${b.id}/image?v=${new Date(b.updatedAt).getTime()}`)} alt={b.title} style={{ width: 160, height: 40, objectFit: 'cover' }} /> : t('appcenter.store.banner.noImage'),
    },
    { title: t('appcenter.store.banner.title'), dataIndex: 'title' },
    { title: t('appcenter.store.banner.link'), dataIndex: 'link', render: (l: string) => l || '—' },
    { title: t('appcenter.store.banner.sort'), dataIndex: 'sort' },
    { title: t('appcenter.store.banner.enabled'), dataIndex: 'enabled', render: (on: boolean) => t(on ? 'appcenter.store.banner.on' : 'appcenter.store.banner.off') },
    {
      title: t('appcenter.store.col.actions'),
      dataIndex: 'id',
      render: (_: string, b: Banner) => (
        <Space>
          <Button size="small" onClick={() => { save.setError(null); setEditing({ id: b.id, value: { title: b.title, link: b.link, sort: b.sort, enabled: b.enabled } }); }}>{t('appcenter.store.banner.edit')}</Button>
          <Button size="small" onClick={() => { setImageFor(b.id); file.current?.click(); }} data-testid={`banner-image-${b.title}`}>{t('appcenter.store.banner.upload')}</Button>
          <Popconfirm title={t('appcenter.store.banner.deleteConfirm')} onOk={() => void remove(b)}>
            <Button size="small" status="danger">{t('appcenter.store.banner.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const value = editing?.value ?? EMPTY;
  const set = (patch: Partial<BannerInput>) => setEditing((e) => (e ? { ...e, value: { ...e.value, ...patch } } : e));
  return (
    <Card title={t('appcenter.store.banner.pageTitle')} data-testid="store-banner-page"
      extra={<Button type="primary" onClick={() => { save.setError(null); setEditing({ id: null, value: EMPTY }); }} data-testid="banner-new">{t('appcenter.store.banner.new')}</Button>}>
      <p className="qp-muted">{t('appcenter.store.banner.hint', { width: BANNER_IMAGE.minWidth, height: BANNER_IMAGE.minHeight, max: BANNER_IMAGE.maxBytes / 1024 / 1024 })}</p>
      <input ref={file} type="file" hidden accept="image/png,image/jpeg,image/webp" aria-label={t('appcenter.store.banner.upload')} onChange={(e) => void upload(e.target.files?.[0])} data-testid="banner-file" />
      {banners.error && <Alert type="error" content={banners.error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={banners.data?.banners ?? []} loading={!banners.data && !banners.error} pagination={false} noDataElement={t('appcenter.store.banner.empty')} data-testid="banner-table" />
      <Modal visible={!!editing} title={t(editing?.id ? 'appcenter.store.banner.edit' : 'appcenter.store.banner.new')} confirmLoading={save.busy} onOk={submit} onCancel={() => setEditing(null)} data-testid="banner-dialog">
        <Form layout="vertical">
          <Form.Item label={t('appcenter.store.banner.title')} required>
            <Input value={value.title} maxLength={STORE_LIMITS.bannerTitle} onChange={(title) => set({ title })} aria-label={t('appcenter.store.banner.title')} data-testid="banner-title" />
          </Form.Item>
          <Form.Item label={t('appcenter.store.banner.link')} extra={t('appcenter.store.banner.linkHint')}>
            <Input value={value.link} maxLength={STORE_LIMITS.bannerLink} onChange={(link) => set({ link })} aria-label={t('appcenter.store.banner.link')} data-testid="banner-link" />
          </Form.Item>
          <Form.Item label={t('appcenter.store.banner.sort')}>
            <InputNumber value={value.sort} min={0} max={9999} precision={0} onChange={(sort) => set({ sort: Number(sort) || 0 })} aria-label={t('appcenter.store.banner.sort')} />
          </Form.Item>
          <Form.Item label={t('appcenter.store.banner.enabled')}>
            <Switch checked={value.enabled} onChange={(enabled) => set({ enabled })} aria-label={t('appcenter.store.banner.enabled')} />
          </Form.Item>
        </Form>
        {save.error && <Alert type="error" content={save.error} />}
      </Modal>
    </Card>
  );
}
