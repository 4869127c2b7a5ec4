import { Alert, Button, Empty, Spin, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { TodoBox } from '../../../../shared/api/workflow.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { formatTime } from '../../../kernel/time.ts';
import { STATE_COLOR } from '../run/state-colors.ts';
import { rowHref, rowView, type TodoRow } from './todo-model.ts';
import type { TodoListState } from './use-todo-list.ts';
import { useMoreMarker } from '../../../shell/use-more-marker.ts';

interface Props {
  match: RouteMatch;
  box: TodoBox;
  me: string | null;
  list: TodoListState;
}

/** One row: a link to the record's detail (the shell's link rules navigate), and what the box says about it. */
function Row({ match, box, me, row, users }: { match: RouteMatch; box: TodoBox; me: string | null; row: TodoRow; users: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const view = rowView(row, box, me, users, Date.now());
  return (
    <li className={view.unread ? 'qp-todo-row qp-todo-unread' : 'qp-todo-row'} data-testid="todo-row" data-key={row.key}>
      <div className="qp-todo-head">
        {view.unread && <span className="qp-todo-dot" role="img" aria-label={t('workflow.ui.todo.unread')} />}
        <a className="qp-todo-title" href={rowHref(match, row)} data-testid="todo-open">
          {view.title}
        </a>
        {view.awaitingAnswer && <Tag color="orange" size="small" data-testid="todo-awaiting">{t('workflow.ui.todo.awaitingAnswer')}</Tag>}
        {view.onBehalfOf && (
          <Tag color="purple" size="small" data-testid="todo-on-behalf">
            {t('workflow.ui.todo.onBehalfOf', { name: view.onBehalfOf })}
          </Tag>
        )}
        {view.urged && <Tag color="red" size="small">{t('workflow.ui.todo.urged')}</Tag>}
        {view.due && (
          <Tag color={view.due.overdue ? 'red' : 'gold'} size="small" data-testid={view.due.overdue ? 'todo-overdue' : 'todo-due'}>
            {t(view.due.overdue ? 'workflow.ui.todo.overdue' : 'workflow.ui.todo.due', { time: formatTime(view.due.at, i18n.language) })}
          </Tag>
        )}
        {view.decision && <Tag size="small">{t(`workflow.ui.taskState.${view.decision}`)}</Tag>}
        {view.via && <Tag size="small">{t(`workflow.ui.via.${view.via}`)}</Tag>}
        {view.state && (
          <Tag size="small" color={STATE_COLOR[view.state]} data-testid="todo-state">
            {t(`workflow.ui.state.${view.state}`)}
          </Tag>
        )}
      </div>
      <div className="qp-todo-meta">
        {view.form && <span>{view.form}</span>}
        <span>{t('workflow.ui.todo.initiator', { name: view.initiator })}</span>
        {view.node && <span>{t('workflow.ui.todo.node', { node: view.node })}</span>}
        {box === 'cc' && <span>{view.from ? t('workflow.ui.cc.from', { name: view.from }) : t('workflow.ui.todo.ccByFlow')}</span>}
        <time dateTime={view.at}>{formatTime(view.at, i18n.language)}</time>
      </div>
      {view.note && <p className="qp-todo-note">{view.note}</p>}
    </li>
  );
}

/**
 * The rows of one box and, under them, the keyset paging: the next page loads when its marker scrolls into view,
 * and a button does the same for keyboards and browsers without IntersectionObserver.
 */
export function TodoList({ match, box, me, list }: Props) {
  const { t } = useTranslation();
  const canLoad = !!list.next && !list.loading && !list.error;
  const marker = useMoreMarker(canLoad, list.loadMore, list.rows.length);

  if (!list.rows.length) {
    if (list.loading) return <Spin className="qp-todo-loading" data-testid="todo-loading" />;
    if (list.error) {
      return (
        <Alert
          type="error"
          title={t('common.fetchFailed')}
          content={list.error}
          action={<Button size="small" onClick={list.reload} data-testid="todo-retry">{t('workflow.ui.retry')}</Button>}
          data-testid="todo-error"
        />
      );
    }
    return <Empty description={t(`workflow.ui.todo.empty.${box}`)} data-testid="todo-empty" />;
  }
  return (
    <div>
      <ul className="qp-todo-list" aria-label={t(`workflow.ui.todo.box.${box}`)} data-testid="todo-list">
        {list.rows.map((row) => (
          <Row key={row.key} match={match} box={box} me={me} row={row} users={list.users} />
        ))}
      </ul>
      <div ref={marker} className="qp-todo-more">
        {list.error && (
          <Alert type="error" content={list.error} action={<Button size="small" onClick={list.loadMore} data-testid="todo-retry">{t('workflow.ui.retry')}</Button>} />
        )}
        {list.loading && <Spin />}
        {canLoad && (
          <Button type="text" onClick={list.loadMore} data-testid="todo-more">
            {t('workflow.ui.todo.more')}
          </Button>
        )}
      </div>
    </div>
  );
}
