import { Alert, Button, Empty, Spin, Tag } from '@arco-design/web-react';
import { IconRight } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TodoBox } from '../../../../shared/api/workflow.ts';
import { formatTime } from '../../../kernel/time.ts';
import { STATE_COLOR } from '../run/state-colors.ts';
import { rowView, type TodoRow } from '../todo/todo-model.ts';
import type { TodoListState } from '../todo/use-todo-list.ts';
import { useMoreMarker } from '../../../shell/use-more-marker.ts';

interface Props {
  box: TodoBox;
  me: string | null;
  list: TodoListState;
  /** The phone page of one row (the flow and its actions). */
  hrefOf(row: TodoRow): string;
}

/** One row as a full-width touch target: title and marks, then form, initiator and time. */
function Row({ box, me, row, users, href }: { box: TodoBox; me: string | null; row: TodoRow; users: Record<string, string>; href: string }) {
  const { t, i18n } = useTranslation();
  const view = rowView(row, box, me, users, Date.now());
  return (
    <li className={view.unread ? 'qp-mt-row qp-mt-unread' : 'qp-mt-row'} data-testid="todo-row" data-key={row.key}>
      <a className="qp-mt-open" href={href} data-testid="todo-open">
        <span className="qp-mt-main">
          <span className="qp-mt-head">
            {view.unread && <span className="qp-mt-dot" role="img" aria-label={t('workflow.ui.todo.unread')} />}
            <span className="qp-mt-title">{view.title}</span>
          </span>
          <span className="qp-mt-tags">
            {view.awaitingAnswer && <Tag color="orange" size="small">{t('workflow.ui.todo.awaitingAnswer')}</Tag>}
            {view.onBehalfOf && <Tag color="purple" size="small">{t('workflow.ui.todo.onBehalfOf', { name: view.onBehalfOf })}</Tag>}
            {view.urged && <Tag color="red" size="small">{t('workflow.ui.todo.urged')}</Tag>}
            {view.due && (
              <Tag color={view.due.overdue ? 'red' : 'gold'} size="small">
                {t(view.due.overdue ? 'workflow.ui.todo.overdue' : 'workflow.ui.todo.due', { time: formatTime(view.due.at, i18n.language) })}
              </Tag>
            )}
            {view.decision && <Tag size="small">{t(`workflow.ui.taskState.${view.decision}`)}</Tag>}
            {view.state && <Tag size="small" color={STATE_COLOR[view.state]}>{t(`workflow.ui.state.${view.state}`)}</Tag>}
          </span>
          <span className="qp-mt-meta">
            {view.form && <span>{view.form}</span>}
            <span>{t('workflow.ui.todo.initiator', { name: view.initiator })}</span>
            {box === 'cc' && <span>{view.from ? t('workflow.ui.cc.from', { name: view.from }) : t('workflow.ui.todo.ccByFlow')}</span>}
            <time dateTime={view.at}>{formatTime(view.at, i18n.language)}</time>
          </span>
        </span>
        <IconRight className="qp-mt-chevron" aria-hidden />
      </a>
    </li>
  );
}

/** The rows of one box; the next page loads as its marker scrolls into view, or by the button under the rows. */
export function MobileTodoList({ box, me, list, hrefOf }: Props) {
  const { t } = useTranslation();
  const canLoad = !!list.next && !list.loading && !list.error;
  const marker = useMoreMarker(canLoad, list.loadMore, list.rows.length);

  if (!list.rows.length) {
    if (list.loading) return <Spin className="qp-mt-loading" data-testid="todo-loading" />;
    if (list.error) {
      return (
        <Alert
          type="error"
          title={t('common.fetchFailed')}
          content={list.error}
          action={<Button onClick={list.reload} data-testid="todo-retry">{t('workflow.ui.retry')}</Button>}
          data-testid="todo-error"
        />
      );
    }
    return <Empty description={t(`workflow.ui.todo.empty.${box}`)} data-testid="todo-empty" />;
  }
  return (
    <div>
      <ul className="qp-mt-list" aria-label={t(`workflow.ui.todo.box.${box}`)} data-testid="todo-list">
        {list.rows.map((row) => (
          <Row key={row.key} box={box} me={me} row={row} users={list.users} href={hrefOf(row)} />
        ))}
      </ul>
      <div ref={marker} className="qp-mt-more">
        {list.error && <Alert type="error" content={list.error} action={<Button onClick={list.loadMore}>{t('workflow.ui.retry')}</Button>} />}
        {list.loading && <Spin />}
        {canLoad && (
          <Button long onClick={list.loadMore} data-testid="todo-more">
            {t('workflow.ui.todo.more')}
          </Button>
        )}
      </div>
    </div>
  );
}
