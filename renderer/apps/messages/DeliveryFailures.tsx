import { Alert, Button, Empty, Radio, Select, Spin, Table } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryItem } from '../../../shared/api/messages.ts';
import { MESSAGE_CHANNELS } from '../../../shared/messages/notify.ts';
import { useServices } from '../../shell/services.tsx';
import { messagesApi } from './messages-api.ts';
import { appendPage, type FailureFilter, type FailureState } from './push-model.ts';

const STATES: readonly FailureState[] = ['all', 'retrying', 'failed'];
/** Names, channels, counts and times are short: kept on one line, the title and the error take the rest. */
const short = { headerCellStyle: { whiteSpace: 'nowrap' }, bodyCellStyle: { whiteSpace: 'nowrap' } } as const;
type Feedback = { type: 'success' | 'error'; text: string } | null;

/**
 * The space's deliveries whose last attempt failed: still being retried on the server's back-off, or given up after
 * its last attempt. Each row says to whom, through which channel, what, how often it was tried, why it failed (in
 * the reader's language, as the server renders it) and when it is tried next; "retry" makes it due now.
 */
export function DeliveryFailures() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const calls = useMemo(() => messagesApi(api), [api]);
  const [items, setItems] = useState<DeliveryItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [filter, setFilter] = useState<FailureFilter>({ state: 'all', channel: 'all' });
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const [feedback, setFeedback] = useState<Feedback>(null);
  // Answers of an older request (a reload while "load more" runs) must not overwrite the newer list.
  const round = useRef(0);

  const fetchPage = useCallback(
    (cursor: string | null) => {
      const mine = ++round.current;
      setLoading(true);
      setError(null);
      calls.failures(cursor, filter).then(
        (page) => {
          if (mine !== round.current) return;
          setItems((old) => (cursor && old ? appendPage(old, page.items) : page.items));
          setNext(page.next);
        },
        (failure: Error) => mine === round.current && setError(failure.message),
      ).finally(() => mine === round.current && setLoading(false));
    },
    [calls, filter],
  );
  const reload = useCallback(() => fetchPage(null), [fetchPage]);
  useEffect(reload, [reload]);

  async function retry(item: DeliveryItem) {
    setRetrying((old) => new Set([...old, item.id]));
    setFeedback(null);
    try {
      await calls.retryDelivery(item.id);
      setFeedback({ type: 'success', text: t('messages.ui.push.retried', { title: item.title, name: item.userName }) });
      reload();
    } catch (failure) {
      setFeedback({ type: 'error', text: (failure as Error).message });
    } finally {
      setRetrying((old) => new Set([...old].filter((id) => id !== item.id)));
    }
  }

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');

  const toolbar = (
    <div className="qp-msg-toolbar" role="group" aria-label={t('messages.ui.filters')}>
      <Radio.Group type="button" value={filter.state} onChange={(state: FailureState) => setFilter((f) => ({ ...f, state }))} aria-label={t('messages.ui.push.state')} data-testid="push-failures-state">
        {STATES.map((s) => (
          <Radio key={s} value={s} data-testid={`push-failures-state-${s}`}>{t(`messages.ui.push.state.${s}`)}</Radio>
        ))}
      </Radio.Group>
      <Select
        value={filter.channel}
        onChange={(channel: FailureFilter['channel']) => setFilter((f) => ({ ...f, channel }))}
        options={[{ value: 'all', label: t('messages.ui.push.allChannels') }, ...MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`messages.ui.channel.${c}`) }))]}
        aria-label={t('messages.ui.push.channel')}
        className="qp-msg-app"
        data-testid="push-failures-channel"
      />
      <Button icon={<IconRefresh aria-hidden />} onClick={reload} loading={loading} data-testid="push-failures-refresh">
        {t('messages.ui.push.refresh')}
      </Button>
    </div>
  );

  if (error && !items?.length) {
    return (
      <Alert
        type="error"
        title={t('messages.ui.push.failuresLoadFailed')}
        content={error}
        action={<Button size="small" onClick={reload}>{t('messages.ui.retry')}</Button>}
        data-testid="push-failures-error"
      />
    );
  }
  if (!items) return <Spin block loading className="qp-gap" aria-label={t('messages.ui.loading')} />;

  return (
    <div data-testid="push-failures-panel">
      <p className="qp-muted">{t('messages.ui.push.failuresIntro')}</p>
      {toolbar}
      {feedback && <Alert type={feedback.type} content={feedback.text} closable onClose={() => setFeedback(null)} className="qp-gap" data-testid="push-failures-feedback" />}
      {error && <Alert type="error" content={error} closable onClose={() => setError(null)} className="qp-gap" data-testid="push-failures-more-error" />}
      {items.length === 0 && filter.state === 'all' && filter.channel === 'all' ? (
        <Empty description={t('messages.ui.push.noFailures')} className="qp-msg-empty" data-testid="push-failures-empty" />
      ) : (
        <Table
          rowKey="id"
          data={items}
          pagination={false}
          border={false}
          noDataElement={<Empty description={t('messages.ui.push.noMatch')} data-testid="push-failures-no-match" />}
          onRow={(item: DeliveryItem) => ({ 'data-testid': 'push-failure-row', 'data-id': item.id, 'data-state': item.state } as object)}
          columns={[
            { title: t('messages.ui.push.recipient'), dataIndex: 'userName', ...short },
            { title: t('messages.ui.push.channel'), dataIndex: 'channel', ...short, render: (c: string) => t(`messages.ui.channel.${c}`) },
            { title: t('messages.ui.push.category'), dataIndex: 'category', ...short, render: (c: string) => t(`messages.ui.category.${c}`) },
            { title: t('messages.ui.push.messageTitle'), dataIndex: 'title', render: (v: string) => <span className="qp-push-text">{v}</span> },
            { title: t('messages.ui.push.attempts'), dataIndex: 'attempts', ...short },
            { title: t('messages.ui.push.error'), dataIndex: 'error', render: (v: string | null) => <span className="qp-push-text" data-testid="push-failure-error">{v ?? '—'}</span> },
            { title: t('messages.ui.push.nextAt'), dataIndex: 'nextAt', ...short, render: (v: string | null) => when(v) },
            {
              title: t('messages.ui.push.state'),
              dataIndex: 'state',
              ...short,
              // Arco's coloured tags draw text in the -6 steps, below AA contrast; these classes use darker steps.
              render: (v: DeliveryItem['state']) => <span className={`qp-push-state qp-push-state-${v}`}>{t(`messages.ui.push.state.${v}`)}</span>,
            },
            {
              title: t('messages.ui.push.actions'),
              dataIndex: 'id',
              ...short,
              render: (_: string, item: DeliveryItem) => (
                <Button
                  size="mini"
                  loading={retrying.has(item.id)}
                  onClick={() => void retry(item)}
                  aria-label={t('messages.ui.push.retryOne', { title: item.title, name: item.userName })}
                  data-testid="push-failure-retry"
                >
                  {t('messages.ui.push.retry')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {next !== null && (
        <div className="qp-msg-more">
          <Button onClick={() => fetchPage(next)} loading={loading} data-testid="push-failures-more">{t('messages.ui.more')}</Button>
        </div>
      )}
    </div>
  );
}
