import { Alert, Button, Empty, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../../../shared/api/messages.ts';
import type { MessageListState } from '../use-message-list.ts';
import { useMoreMarker } from '../../../shell/use-more-marker.ts';

interface Props {
  list: MessageListState;
  empty: string;
  onOpen(item: MessageItem): void;
  onRead(item: MessageItem): void;
}

/** What a row shows; a link when the message has one (the shell's link rules open it, web pages as on a computer). */
function Row({ item, onOpen, onRead }: { item: MessageItem; onOpen(item: MessageItem): void; onRead(item: MessageItem): void }) {
  const { t, i18n } = useTranslation();
  const body = (
    <>
      <span className="qp-mm-head">
        {!item.readAt && <span className="qp-mm-dot" role="img" aria-label={t('messages.ui.unread')} />}
        <span className="qp-mm-tag">{t(`messages.ui.category.${item.category}`)}</span>
        {item.priority === 'high' && <span className="qp-mm-high">{t('messages.ui.priority.high')}</span>}
      </span>
      <span className="qp-mm-title">{item.title}</span>
      {item.body && <span className="qp-mm-body">{item.body}</span>}
      <time className="qp-mm-time" dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString(i18n.language)}</time>
    </>
  );
  return (
    <li className={item.readAt ? 'qp-mm-row' : 'qp-mm-row qp-mm-unread'} data-testid="message-row" data-id={item.id} data-read={item.readAt ? 'true' : 'false'}>
      {item.href ? (
        <a className="qp-mm-open" href={item.href} onClick={() => onOpen(item)} data-testid="message-open">{body}</a>
      ) : (
        <button type="button" className="qp-mm-open" onClick={() => onOpen(item)} data-testid="message-open">{body}</button>
      )}
      {!item.readAt && (
        <Button className="qp-mm-read" onClick={() => onRead(item)} aria-label={`${t('messages.ui.markRead')}: ${item.title}`} data-testid="message-mark-read">
          {t('mobileShell.messages.read')}
        </Button>
      )}
    </li>
  );
}

/** The phone's message rows, newest first; further keyset pages load as the marker scrolls into view. */
export function MobileMessageList({ list, empty, onOpen, onRead }: Props) {
  const { t } = useTranslation();
  const canLoad = list.next !== null && !list.loading && !list.error;
  const marker = useMoreMarker(canLoad, list.loadMore, list.items.length);

  if (list.error && list.items.length === 0) {
    return (
      <Alert type="error" title={t('messages.ui.loadFailed')} content={list.error} action={<Button onClick={list.reload}>{t('messages.ui.retry')}</Button>} data-testid="messages-error" />
    );
  }
  if (list.items.length === 0 && !list.loading) return <Empty description={empty} data-testid="messages-empty" />;
  return (
    <div>
      <ul className="qp-mm-list" aria-label={t('messages.ui.list')} data-testid="messages-list">
        {list.items.map((item) => (
          <Row key={item.id} item={item} onOpen={onOpen} onRead={onRead} />
        ))}
      </ul>
      <div ref={marker} className="qp-mm-more">
        {list.loading && <Spin aria-label={t('messages.ui.loading')} />}
        {list.error && list.items.length > 0 && <Alert type="error" content={list.error} action={<Button onClick={list.loadMore}>{t('messages.ui.retry')}</Button>} />}
        {canLoad && (
          <Button long onClick={list.loadMore} data-testid="messages-more">
            {t('messages.ui.more')}
          </Button>
        )}
      </div>
    </div>
  );
}
