import { IconCheckSquare, IconHome, IconNotification, IconUser } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useUnreadCounts } from '../message-live.ts';
import { allowedRoutesAtom } from '../../kernel/atoms.ts';
import { MOBILE_TABS, mobileHref, spaceOfPath, tabOf, type TabKey } from './mobile-paths.ts';
import { usePendingTodos } from './use-pending-todos.ts';
// The frame's stylesheet comes with the frame (the main chunk), so the sign-in page without a tab bar has it too.
import './mobile.css';

const ICONS: Record<TabKey, ReactNode> = { home: <IconHome />, todo: <IconCheckSquare />, messages: <IconNotification />, me: <IconUser /> };

/**
 * The mobile terminal's bottom tab bar: Home, To-dos (with the pending count), Messages (with the unread count) and
 * Me — each only when the member may open its page. Links, so the shell's link rules navigate in-page and keep
 * each tab's page in the page cache; the current tab is marked with `aria-current`.
 */
export function MobileTabBar({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  const allowed = useAtomValue(allowedRoutesAtom);
  const space = spaceOfPath(useLocation().pathname);
  const { counts } = useUnreadCounts();
  const mayTodo = allowed.some((r) => r.id === 'workflow.mobileTodo');
  const todo = usePendingTodos(mayTodo, counts?.total);
  const current = tabOf(routeId)?.key ?? null;
  const badges: Partial<Record<TabKey, { count: number; label: string }>> = {
    todo: { count: todo, label: t('mobileShell.tabs.todoCount', { count: todo }) },
    messages: { count: counts?.total ?? 0, label: t('mobileShell.tabs.unreadCount', { count: counts?.total ?? 0 }) },
  };

  const tabs = MOBILE_TABS.filter((tab) => allowed.some((r) => r.id === tab.routeId));
  if (tabs.length === 0) return null;
  return (
    <nav className="qp-m-tabs" aria-label={t('mobileShell.tabs.label')} data-testid="m-tabbar">
      <ul>
        {tabs.map((tab) => {
          const href = mobileHref(tab.routeId, space);
          const badge = badges[tab.key];
          const shown = badge && badge.count > 0 ? badge : null;
          return (
            <li key={tab.key}>
              <a
                className="qp-m-tab"
                href={href ?? undefined}
                aria-current={current === tab.key ? 'page' : undefined}
                data-testid={`m-tab-${tab.key}`}
                data-count={badge ? badge.count : undefined}
              >
                <span className="qp-m-tab-icon" aria-hidden>
                  {ICONS[tab.key]}
                  {shown && <span className="qp-m-badge" data-testid={`m-tab-${tab.key}-badge`}>{shown.count > 99 ? '99+' : shown.count}</span>}
                </span>
                <span>{t(`mobileShell.tabs.${tab.key}`)}</span>
                {shown && <span className="qp-m-sr">{`, ${shown.label}`}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
