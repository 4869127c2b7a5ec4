import { Alert, Button, Checkbox, Empty, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../../shared/api/messages.ts';
import { useMoreMarker } from '../../shell/use-more-marker.ts';

interface MessageListProps {
  items: MessageItem[];
  hasMore: boolean;
  loading: boolean;
  /** A failed next page: the list stays, with a retry where the next page would be. */
  error: string | null;
  selected: ReadonlySet<string>;
  onSelect(id: string, selected: boolean): void;
  onOpen(item: MessageItem): void;
  onToggleRead(item: MessageItem): void;
  onDelete(item: MessageItem): void;
  onMore(): void;
  /** What an empty list says (no messages at all, or none for the filter). */
  empty: string;
}

/** The message rows and, under them, the keyset paging: the next page loads when its marker scrolls into view. */
export function MessageList(props: MessageListProps) {
  const { t, i18n } = useTranslation();
  const canLoad = props.hasMore && !props.loading && !props.error;
  // jsdom and old browsers have no IntersectionObserver: the "more" button below still pages.
  const marker = useMoreMarker(canLoad, props.onMore, props.items.length);

  if (props.items.length === 0 && !props.loading && !props.error) {
    return <Empty className="qp-msg-empty" description={props.empty} data-testid="messages-empty" />;
  }
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <div>
      <ul className="qp-msg-list" aria-label={t('messages.ui.list')} data-testid="messages-list">
        {props.items.map((item) => (
          <li key={item.id} className={item.readAt ? 'qp-msg-row' : 'qp-msg-row qp-msg-unread'} data-testid="message-row" data-id={item.id} data-read={item.readAt ? 'true' : 'false'}>
            <Checkbox
              checked={props.selected.has(item.id)}
              onChange={(checked: boolean) => props.onSelect(item.id, checked)}
              data-testid="message-select"
            >
              {/* Arco puts aria-label on the wrapping label, not the input: the name is the label's (hidden) text. */}
              <span className="qp-msg-sr">{t('messages.ui.selectOne', { title: item.title })}</span>
            </Checkbox>
            <div className="qp-msg-main">
              <div className="qp-msg-head">
                {!item.readAt && <span className="qp-msg-dot" role="img" aria-label={t('messages.ui.unread')} />}
                {item.priority !== 'normal' && (
                  <span className={`qp-msg-priority qp-msg-priority-${item.priority}`} data-testid="message-priority">
                    {t(`messages.ui.priority.${item.priority}`)}
                  </span>
                )}
                <span className="qp-msg-tag">{t(`messages.ui.category.${item.category}`)}</span>
                {/* A link, so the shell's link rules navigate (in-page, new window or full load as the route says). */}
                {item.href ? (
                  <a className="qp-msg-title" href={item.href} onClick={() => props.onOpen(item)} data-testid="message-open">
                    {item.title}
                  </a>
                ) : (
                  <button type="button" className="qp-msg-title qp-msg-title-plain" onClick={() => props.onOpen(item)} data-testid="message-open">
                    {item.title}
                  </button>
                )}
              </div>
              {item.body && <p className="qp-msg-body">{item.body}</p>}
              <div className="qp-msg-meta">
                <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
                <span>{t(`apps.${item.sourceApp}`, { defaultValue: item.sourceApp })}</span>
              </div>
            </div>
            <div className="qp-msg-actions">
              <Button size="mini" type="text" onClick={() => props.onToggleRead(item)} data-testid="message-toggle-read">
                {t(item.readAt ? 'messages.ui.markUnread' : 'messages.ui.markRead')}
              </Button>
              <Button size="mini" type="text" status="danger" onClick={() => props.onDelete(item)} aria-label={t('messages.ui.deleteOne', { title: item.title })} data-testid="message-delete">
                {t('messages.ui.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div ref={marker} className="qp-msg-more">
        {props.loading && <Spin aria-label={t('messages.ui.loading')} />}
        {props.error && props.items.length > 0 && (
          <Alert type="error" content={props.error} action={<Button size="mini" onClick={props.onMore}>{t('messages.ui.retry')}</Button>} data-testid="messages-more-error" />
        )}
        {canLoad && (
          <Button size="small" onClick={props.onMore} data-testid="messages-more">
            {t('messages.ui.more')}
          </Button>
        )}
        {!props.hasMore && props.items.length > 0 && <span className="qp-muted">{t('messages.ui.end')}</span>}
      </div>
    </div>
  );
}
