import { Alert, Button, Card, Checkbox, Input, Modal, Select, Space } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../../shared/api/messages.ts';
import { MICRO_APPS } from '../../../shared/apps.ts';
import type { MessageCategory } from '../../../shared/messages/notify.ts';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import type { PageProps } from '../types.ts';
import { CategoryNav } from './CategoryNav.tsx';
import { dayRange } from './list-model.ts';
import { unreadCountsAtom } from '../../shell/message-live.ts';
import { MessageList } from './MessageList.tsx';
import type { MessageFilter } from './messages-api.ts';
import { SendNoticeDialog } from './SendNoticeDialog.tsx';
import { useMessageList } from './use-message-list.ts';
import './messages.css';

const APPS = MICRO_APPS.filter((app) => app !== 'shell');

/**
 * user/messagecenter (spec §2.7, §2.8): categories with unread counts, the member's messages newest first
 * (keyset pages as they scroll), filters by app and days, read/unread, mark all read, delete and batch delete, and
 * a message's link. New messages and counts arrive over the socket. Administrators also send notices from here.
 */
export function MessageCenterPage({ match }: PageProps) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  const counts = useAtomValue(unreadCountsAtom);
  const [category, setCategory] = useState<MessageCategory | null>(null);
  const [app, setApp] = useState<string | undefined>(undefined);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  // The outcome of the last change, drawn above the list (an alert region), not as a toast that vanishes unread.
  const [feedback, setFeedback] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const filter = useMemo<MessageFilter>(
    () => ({ ...(category ? { category } : {}), ...(app ? { app } : {}), ...dayRange(from, to), ...(unreadOnly ? { unread: true } : {}) }),
    [category, app, from, to, unreadOnly],
  );
  const list = useMessageList(filter);
  const shown = list.items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const filtered = !!(app || from || to || unreadOnly);
  const subscriptions = ROUTES.find((r) => r.id === 'messages.subscriptions')!;

  // Every change reports a refusal the same way: the server's message, in the member's language.
  const attempt = (change: Promise<void>, done?: string) =>
    change.then(
      () => setFeedback(done ? { type: 'success', text: done } : null),
      (failure: Error) => setFeedback({ type: 'error', text: failure.message }),
    );

  function choose(next: MessageCategory | null) {
    setCategory(next);
    setSelected(new Set());
  }

  // Deleting cannot be undone, so it waits for a confirmation (a dialog of this page, closed with it).
  const confirmDelete = (ids: string[]) => setDeleting(ids);
  async function remove(ids: string[]) {
    setDeleting(null);
    await attempt(
      list.remove(ids).then(() => setSelected((old) => new Set([...old].filter((id) => !ids.includes(id))))),
      t('messages.ui.deleted', { count: ids.length }),
    );
  }

  function open(item: MessageItem) {
    // The link itself navigates (the shell's link rules); reading is recorded alongside, not awaited.
    if (!item.readAt) void attempt(list.markRead([item.id]));
  }

  const allShown = list.items.length > 0 && list.items.every((i) => selected.has(i.id));
  const empty = filtered ? t('messages.ui.emptyFiltered') : category ? t('messages.ui.emptyCategory') : t('messages.ui.empty');

  return (
    <Card
      title={<h1 className="qp-msg-h1">{t('routes.messages.center')}</h1>}
      extra={
        <Space>
          {user?.roles.includes('admin') && (
            <Button type="primary" size="small" onClick={() => setNoticeOpen(true)} data-testid="messages-send-notice">
              {t('messages.ui.notice.open')}
            </Button>
          )}
          <a href={buildPath(subscriptions, {}, match.spaceUri ? match.spaceId : null)} data-testid="messages-subscriptions-link">
            {t('routes.messages.subscriptions')}
          </a>
        </Space>
      }
      data-testid="message-center"
    >
      <div className="qp-msg-layout">
        <CategoryNav counts={counts} selected={category} onSelect={choose} />
        <section className="qp-msg-content" aria-label={t(category ? `messages.ui.category.${category}` : 'messages.ui.category.all')}>
          <div className="qp-msg-toolbar" role="group" aria-label={t('messages.ui.filters')}>
            <Select
              allowClear
              placeholder={t('messages.ui.allApps')}
              value={app}
              onChange={(value?: string) => setApp(value || undefined)}
              options={APPS.map((id) => ({ value: id, label: t(`apps.${id}`) }))}
              aria-label={t('messages.ui.app')}
              className="qp-msg-app"
              data-testid="messages-app"
            />
            <label className="qp-msg-date">
              <span>{t('messages.ui.from')}</span>
              <Input type="date" value={from} onChange={setFrom} max={to || undefined} data-testid="messages-from" />
            </label>
            <label className="qp-msg-date">
              <span>{t('messages.ui.to')}</span>
              <Input type="date" value={to} onChange={setTo} min={from || undefined} data-testid="messages-to" />
            </label>
            <Checkbox checked={unreadOnly} onChange={setUnreadOnly} data-testid="messages-unread-only">
              {t('messages.ui.unreadOnly')}
            </Checkbox>
          </div>
          <div className="qp-msg-toolbar">
            <Checkbox
              checked={allShown}
              indeterminate={!allShown && shown.length > 0}
              disabled={list.items.length === 0}
              onChange={(checked: boolean) => setSelected(checked ? new Set(list.items.map((i) => i.id)) : new Set())}
              data-testid="messages-select-all"
            >
              {t('messages.ui.selectAll')}
            </Checkbox>
            <Button size="small" status="danger" disabled={shown.length === 0} onClick={() => confirmDelete(shown)} data-testid="messages-delete-selected">
              {t('messages.ui.deleteSelected', { count: shown.length })}
            </Button>
            <Button size="small" onClick={() => void attempt(list.readAll(category), t('messages.ui.allRead'))} data-testid="messages-read-all">
              {t(category ? 'messages.ui.readAllCategory' : 'messages.ui.readAll')}
            </Button>
          </div>
          {feedback && (
            <Alert
              type={feedback.type}
              content={feedback.text}
              closable
              onClose={() => setFeedback(null)}
              className="qp-gap"
             
              data-testid="messages-feedback"
            />
          )}
          {list.error && list.items.length === 0 ? (
            <Alert
              type="error"
              title={t('messages.ui.loadFailed')}
              content={list.error}
              action={<Button size="small" onClick={list.reload}>{t('messages.ui.retry')}</Button>}
              data-testid="messages-error"
            />
          ) : (
            <MessageList
              items={list.items}
              hasMore={list.next !== null}
              loading={list.loading}
              error={list.error}
              selected={selected}
              onSelect={(id, on) => setSelected((old) => (on ? new Set([...old, id]) : new Set([...old].filter((x) => x !== id))))}
              onOpen={open}
              onToggleRead={(item) => void attempt(list.toggleRead(item))}
              onDelete={(item) => confirmDelete([item.id])}
              onMore={list.loadMore}
              empty={empty}
            />
          )}
        </section>
      </div>
      <Modal
        title={t('messages.ui.deleteTitle')}
        visible={deleting !== null}
        onOk={() => void remove(deleting ?? [])}
        onCancel={() => setDeleting(null)}
        okText={t('messages.ui.delete')}
        cancelText={t('messages.ui.cancel')}
        okButtonProps={{ status: 'danger', 'data-testid': 'messages-delete-ok' } as object}
      >
        {t('messages.ui.deleteConfirm', { count: deleting?.length ?? 0 })}
      </Modal>
      <SendNoticeDialog visible={noticeOpen} onClose={() => setNoticeOpen(false)} onSent={(count) => setFeedback({ type: 'success', text: t('messages.ui.notice.sent', { count }) })} />
    </Card>
  );
}
