import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionText, targetText } from '../../../shared/oplog-text.ts';
import { apiUrl } from '../../kernel/transport.ts';
import { useServices } from '../services.tsx';

interface Entry {
  id: string;
  at: string;
  user_id: string | null;
  user_login: string | null;
  user_name: string | null;
  action: string;
  target: string | null;
  result: 'ok' | 'denied' | 'failed';
  status: number | null;
  ip: string | null;
  cross_space: boolean;
}
interface Filters {
  days: number;
  spaceId?: string;
  userId?: string;
  action?: string;
  result?: Entry['result'];
  crossSpace?: 'true' | 'false';
}

const PAGE = 50;
const RESULT_COLOR: Record<Entry['result'], string> = { ok: 'green', denied: 'orangered', failed: 'red' };

function queryOf(filters: Filters): Record<string, string> {
  const query: Record<string, string> = { days: String(filters.days) };
  if (filters.spaceId?.trim()) query.spaceId = filters.spaceId.trim();
  if (filters.userId) query.userId = filters.userId;
  if (filters.action?.trim()) query.action = filters.action.trim();
  if (filters.result) query.result = filters.result;
  if (filters.crossSpace) query.crossSpace = filters.crossSpace;
  return query;
}

/** Whose entries may be chosen: the members of the space (its auditor), or any space by its id (root). */
export type OplogScope = { kind: 'space'; members: Array<{ id: string; name: string; loginId: string }> } | { kind: 'platform' };

/**
 * The operation log as the kernel serves it (`/api/kernel/oplog`): who did what, when, with which result,
 * filtered, the last 7 days at most (§9), newest first, more on demand, and the same selection as an xlsx file.
 * Nothing here edits or deletes an entry. The org app's audit page and the operator console both show it.
 */
export function OplogView({ spaceUri, scope, title, hint }: { spaceUri: string; scope: OplogScope; title: string; hint: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [filters, setFilters] = useState<Filters>({ days: 7 });
  const [applied, setApplied] = useState<Filters>({ days: 7 });
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function load(from: Filters, before: string | null) {
    setLoading(true);
    try {
      const answer = await api.get<{ entries: Entry[]; nextBefore: string | null }>('/api/kernel/oplog', { params: { ...queryOf(from), limit: String(PAGE), ...(before ? { before } : {}) } });
      setEntries((shown) => (before ? [...(shown ?? []), ...answer.data.entries] : answer.data.entries));
      setNext(answer.data.nextBefore);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    void load(applied, null);
    // Reloads when the applied filters change; `load` is recreated each render.
  }, [applied]);

  const exportHref = useMemo(() => {
    const query = new URLSearchParams({ ...queryOf(applied), lang: i18n.language });
    return apiUrl('', spaceUri, `/api/kernel/oplog/export?${query}`);
  }, [applied, i18n.language, spaceUri]);

  const words = (key: string, params?: Record<string, string>) => (i18n.exists(key) ? t(key, params) : null);
  const columns = [
    { title: t('kernel.oplog.at'), dataIndex: 'at', width: 180, render: (at: string) => new Date(at).toLocaleString(i18n.language) },
    { title: t('kernel.oplog.user'), dataIndex: 'user_id', render: (_: string, e: Entry) => (e.user_name ? `${e.user_name} (${e.user_login})` : (e.user_id ?? '—')) },
    ...(scope.kind === 'platform' ? [{ title: t('kernel.oplog.space'), dataIndex: 'space_id', render: (v: string | null) => v ?? '—' }] : []),
    // In words (shared/oplog-text.ts); the stored id stays in the tooltip, as the action filter takes it.
    { title: t('kernel.oplog.action'), dataIndex: 'action', render: (action: string) => <span title={action}>{actionText(action, words)}</span> },
    { title: t('kernel.oplog.target'), dataIndex: 'target', render: (v: string | null, e: Entry) => targetText(e.action, v, words) ?? '—' },
    { title: t('kernel.oplog.result'), dataIndex: 'result', render: (r: Entry['result']) => <Tag color={RESULT_COLOR[r]}>{t(`kernel.oplog.result.${r}`)}</Tag> },
    { title: t('kernel.oplog.status'), dataIndex: 'status', width: 90 },
    { title: t('kernel.oplog.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
    { title: t('kernel.oplog.crossSpace'), dataIndex: 'cross_space', width: 100, render: (v: boolean) => (v ? t('kernel.oplog.yes') : '') },
  ];

  return (
    <Card title={title} data-testid="audit-log">
      <p className="qp-muted">{hint}</p>
      <Form layout="inline" className="qp-gap" onSubmit={() => setApplied(filters)}>
        {scope.kind === 'space' ? (
          <Form.Item label={t('kernel.oplog.user')}>
            <Select allowClear showSearch style={{ width: 200 }} value={filters.userId} onChange={(userId?: string) => setFilters({ ...filters, userId })} aria-label={t('kernel.oplog.user')} data-testid="audit-user"
              options={scope.members.map((m) => ({ value: m.id, label: `${m.name} (${m.loginId})` }))} />
          </Form.Item>
        ) : (
          <Form.Item label={t('kernel.oplog.space')}>
            <Input allowClear style={{ width: 140 }} value={filters.spaceId ?? ''} onChange={(spaceId) => setFilters({ ...filters, spaceId })} aria-label={t('kernel.oplog.space')} data-testid="audit-space" />
          </Form.Item>
        )}
        <Form.Item label={t('kernel.oplog.action')}>
          <Input allowClear style={{ width: 200 }} value={filters.action ?? ''} placeholder="org.department" onChange={(action) => setFilters({ ...filters, action })} aria-label={t('kernel.oplog.action')} data-testid="audit-action" />
        </Form.Item>
        <Form.Item label={t('kernel.oplog.result')}>
          <Select allowClear style={{ width: 120 }} value={filters.result} onChange={(result?: Entry['result']) => setFilters({ ...filters, result })} aria-label={t('kernel.oplog.result')} data-testid="audit-result"
            options={(['ok', 'denied', 'failed'] as const).map((r) => ({ value: r, label: t(`kernel.oplog.result.${r}`) }))} />
        </Form.Item>
        <Form.Item label={t('kernel.oplog.crossSpace')}>
          <Select allowClear style={{ width: 120 }} value={filters.crossSpace} onChange={(crossSpace?: 'true' | 'false') => setFilters({ ...filters, crossSpace })} aria-label={t('kernel.oplog.crossSpace')}
            options={[{ value: 'true', label: t('kernel.oplog.yes') }, { value: 'false', label: t('kernel.oplog.no') }]} />
        </Form.Item>
        <Form.Item label={t('kernel.oplog.days')}>
          <Select style={{ width: 120 }} value={filters.days} onChange={(days: number) => setFilters({ ...filters, days })} aria-label={t('kernel.oplog.days')}
            options={[1, 3, 7].map((d) => ({ value: d, label: t('kernel.oplog.lastDays', { n: d }) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-apply">{t('kernel.oplog.apply')}</Button>
          <Button href={exportHref} target="_blank" icon={<IconDownload />} data-testid="audit-export">{t('kernel.oplog.export')}</Button>
        </Space>
      </Form>
      {error && <Alert type="error" content={error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={entries ?? []} loading={loading && !entries} pagination={false} noDataElement={t('kernel.oplog.empty')} data-testid="audit-entries" />
      {next && (
        <Button long className="qp-gap" loading={loading} onClick={() => void load(applied, next)} data-testid="audit-more">
          {t('kernel.oplog.more')}
        </Button>
      )}
    </Card>
  );
}
