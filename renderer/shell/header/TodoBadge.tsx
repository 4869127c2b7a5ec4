import { Badge, Button, Tooltip } from '@arco-design/web-react';
import { IconCheckSquare } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { buildPath } from '../../../shared/routes/match.ts';
import { allowedRoutesAtom } from '../../kernel/atoms.ts';
import { useUnreadCounts } from '../message-live.ts';
import { useOnReconnect } from '../push-live.ts';
import { useServices } from '../services.tsx';

const SPACE_PREFIX = /^\/space-([a-z0-9]+)(?=\/|$)/i;

/**
 * The header's to-do count: the member's pending to-dos — his own and those he works as an agent or
 * trustee — and the way to the process centre. It asks again whenever a message arrives (every new to-do is one),
 * when the window regains focus and after the push socket was down (a to-do done elsewhere meanwhile changes no
 * unread count); only for members who may open the process centre.
 */
export function TodoBadge() {
  const { t } = useTranslation();
  const { api } = useServices();
  const route = useAtomValue(allowedRoutesAtom).find((r) => r.id === 'workflow.todoCenter');
  const space = SPACE_PREFIX.exec(useLocation().pathname)?.[1]?.toLowerCase() ?? null;
  const { counts } = useUnreadCounts();
  const [todo, setTodo] = useState(0);
  const refresh = useCallback(async () => {
    if (!route) return;
    try {
      const answer = await api.get<{ todo: number }>('/api/workflow/todo/counts');
      setTodo(answer.data.todo);
    } catch {
      // Kept as it was: the badge is a hint, the process centre is the truth.
    }
  }, [api, route]);
  useEffect(() => void refresh(), [refresh, counts?.total]);
  useOnReconnect(() => void refresh());
  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);
  if (!route) return null;
  const label = todo > 0 ? t('shell.todoBadge', { count: todo }) : t('shell.todoBadgeNone');
  return (
    <Tooltip content={label}>
      <Badge count={todo} maxCount={99} data-testid="todo-badge" data-count={todo}>
        <Button shape="circle" type="text" icon={<IconCheckSquare />} href={buildPath(route, {}, space)} aria-label={label} data-testid="todo-link" />
      </Badge>
    </Tooltip>
  );
}
