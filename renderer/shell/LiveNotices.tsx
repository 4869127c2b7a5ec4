import { Notification } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Subscriptions } from '../../shared/api/messages.ts';
import type { ChatMessage } from '../../shared/chat/chat.ts';
import { CHAT_CONVERSATION_QUERY } from '../../shared/chat/chat.ts';
import { buildPath, matchRoute } from '../../shared/routes/match.ts';
import { ROUTES } from '../../shared/routes/table.ts';
import { sessionAtom } from '../kernel/atoms.ts';
import { browserNotifications, chatNoticesOn, NoticeDecider, notifyHidden, openConversationAtom, type LiveNotice } from './live-notices.ts';
import { usePush } from './push-live.ts';
import { useServices } from './services.tsx';

const QCHAT = ROUTES.find((r) => r.id === 'chat.qchat')!;
const SPACE_PREFIX = /^\/space-([a-z0-9]+)(?=\/|$)/i;
/** A member who changes the chat notices' subscription sees it honoured within this long. */
const SUBSCRIPTIONS_FRESH_MS = 30_000;

/**
 * Mounted once by the shell's frame for a signed-in member: announces new to-dos, urges, returned records, mentions
 * and chat lines as they are pushed (live-notices.ts decides which). In the desktop app the tray does this already.
 */
export function LiveNotices() {
  const { t } = useTranslation();
  const { api, bridge } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAtomValue(sessionAtom);
  const open = useAtomValue(openConversationAtom);
  const decider = useRef(new NoticeDecider()).current;
  const subs = useRef<{ at: number; on: boolean | null; pending: Promise<boolean | null> | null }>({ at: 0, on: null, pending: null });
  const [toasts, holder] = Notification.useNotification({ maxCount: 4 });
  const desktop = bridge?.kind === 'desktop';
  const space = SPACE_PREFIX.exec(location.pathname)?.[1]?.toLowerCase() ?? null;
  const onChatPage = matchRoute(location.pathname + location.search, { ownSpaceId: user?.ownSpaceId ?? null })?.route.id === QCHAT.id;

  // The chat notices' setting, read when a chat line comes (not on every page load) and kept for a short while.
  async function chatAllowed(): Promise<boolean | null> {
    const state = subs.current;
    if (state.on !== null && Date.now() - state.at < SUBSCRIPTIONS_FRESH_MS) return state.on;
    state.pending ??= api
      .get<Subscriptions>('/api/messages/subscriptions')
      .then(
        (answer) => chatNoticesOn(answer.data.rows),
        // Unknown: nothing is announced rather than something the member may have turned off.
        () => null,
      )
      .then((on) => {
        Object.assign(state, { on, at: Date.now(), pending: null });
        return on;
      });
    return state.pending;
  }

  function show(notice: LiveNotice) {
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    notifyHidden(browserNotifications(), hidden, notice, (href) => navigate(href));
    const id = notice.key;
    toasts.info?.({
      id,
      title: notice.title,
      content: (
        <div data-testid="live-notice" data-key={id}>
          <div className="qp-live-notice-body">{notice.body}</div>
          {notice.href && (
            // A plain link: the shell's link rules (LinkInterceptor) open it in this tab.
            <a href={notice.href} onClick={() => toasts.remove?.(id)} data-testid="live-notice-open">
              {t('shell.liveNotice.open')}
            </a>
          )}
        </div>
      ),
      duration: 8000,
      closable: true,
    });
  }

  const chatBody = (m: ChatMessage) => (m.kind === 'image' ? t('chat.list.image') : m.kind === 'file' ? t('chat.list.file', { name: m.file?.name ?? '' }) : m.body);
  usePush({
    onMessage: (event) => {
      if (desktop || !user) return;
      const chatLine = (event as { type?: unknown } | null)?.type === 'chat.message';
      const context = {
        me: user.id,
        spaceId: user.entId,
        // Only while the member sees it: a hidden tab or another page of the shell shows nothing of the chat.
        lookingAt: onChatPage && document.visibilityState !== 'hidden' ? open : null,
        chatTitle: (m: ChatMessage) => t('shell.liveNotice.chatTitle', { name: m.senderName }),
        chatBody,
        chatHref: (id: string) => `${buildPath(QCHAT, {}, space)}?${new URLSearchParams({ [CHAT_CONVERSATION_QUERY]: id })}`,
      };
      if (!chatLine) {
        const notice = decider.decide(event, { ...context, chatAllowed: null });
        if (notice) show(notice);
        return;
      }
      void chatAllowed().then((on) => {
        const notice = decider.decide(event, { ...context, chatAllowed: on });
        if (notice) show(notice);
      });
    },
  });
  return desktop ? null : holder;
}
