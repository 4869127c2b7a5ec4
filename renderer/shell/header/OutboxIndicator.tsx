import { Badge, Button, Drawer, Empty, List, Message, Space, Tag, Tooltip } from '@arco-design/web-react';
import { IconSync } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface OutboxEntry {
  id: number;
  label: string | null;
  method: string;
  url: string;
  state: 'pending' | 'sending' | 'done' | 'conflict' | 'failed' | 'discarded';
  message: string | null;
}
/** The desktop preload's outbox API (electron/preload); absent in the browser. */
interface OutboxApi {
  list(): Promise<OutboxEntry[]>;
  resolve(id: number, action: 'discard' | 'retry'): Promise<unknown>;
  onChange(handler: (stats: unknown) => void): () => void;
}

const WAITING = new Set(['pending', 'sending']);
const DECIDE = new Set(['conflict', 'failed']);

/**
 * Desktop only: writes made offline wait in the outbox. The badge counts them; a write the server refused
 * (someone changed the record meanwhile, or it is no longer valid) is listed for the user to retry or discard —
 * nothing is dropped silently.
 */
export function OutboxIndicator() {
  const { t } = useTranslation();
  const outbox = (window.qpaasBridge as unknown as { outbox?: OutboxApi } | undefined)?.outbox ?? null;
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [open, setOpen] = useState(false);
  const refresh = useCallback(async () => setEntries((await outbox?.list()) ?? []), [outbox]);

  useEffect(() => {
    if (!outbox) return;
    void refresh();
    return outbox.onChange(() => void refresh());
  }, [outbox, refresh]);

  if (!outbox) return null;
  const waiting = entries.filter((e) => WAITING.has(e.state)).length;
  const decisions = entries.filter((e) => DECIDE.has(e.state));

  async function decide(id: number, action: 'discard' | 'retry') {
    try {
      await outbox!.resolve(id, action);
      await refresh();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  return (
    <>
      <Tooltip content={t('shell.outbox.title')}>
        <Badge count={decisions.length || waiting} dotStyle={decisions.length ? { background: 'rgb(var(--danger-6))' } : undefined}>
          <Button shape="circle" type="text" icon={<IconSync />} onClick={() => setOpen(true)} aria-label={t('shell.outbox.title')} />
        </Badge>
      </Tooltip>
      <Drawer visible={open} title={t('shell.outbox.title')} onCancel={() => setOpen(false)} footer={null} width={420}>
        <p className="qp-muted">{t('shell.outbox.waiting', { count: waiting })}</p>
        {decisions.length === 0 ? (
          <Empty description={t('shell.outbox.noConflicts')} />
        ) : (
          <List
            dataSource={decisions}
            render={(entry) => (
              <List.Item key={entry.id}>
                <Space direction="vertical">
                  <span>
                    <Tag color={entry.state === 'conflict' ? 'orange' : 'red'}>{t(`shell.outbox.${entry.state}`)}</Tag> {entry.label ?? `${entry.method} ${entry.url}`}
                  </span>
                  {entry.message && <span className="qp-muted">{t(entry.message)}</span>}
                  <Space>
                    <Button size="small" type="primary" onClick={() => void decide(entry.id, 'retry')}>{t('shell.outbox.retry')}</Button>
                    <Button size="small" status="danger" onClick={() => void decide(entry.id, 'discard')}>{t('shell.outbox.discard')}</Button>
                  </Space>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
