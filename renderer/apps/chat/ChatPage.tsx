import { Alert, Button, Empty, Result, Spin } from '@arco-design/web-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_CONVERSATION_QUERY, isChatEvent, type ChatSummary } from '../../../shared/chat/chat.ts';
import { WEBCHAT_OFF_MESSAGE } from '../../../shared/org/webchat.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { openConversationAtom } from '../../shell/live-notices.ts';
import { usePush } from '../../shell/push-live.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { chatApi, chatToken, isChatOff } from './chat-api.ts';
import { ChatList } from './ChatList.tsx';
import { Conversation } from './Conversation.tsx';
import { NewChatDialog } from './NewChatDialog.tsx';
import './chat.css';

type Phase = { kind: 'loading' } | { kind: 'off' } | { kind: 'failed'; reason: string } | { kind: 'ready' };

/**
 * qChat (spec §2.7, decision 0052): the member's chats and one open conversation, kept current by the push socket.
 * While the space's web chat switch is off, the page says so (§8) instead of chatting.
 */
export function ChatPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const me = session?.id ?? '';
  // Space admins may remove anyone from a group (the server decides; this only shows the buttons).
  const manager = !!session?.roles.some((role) => role === 'admin' || role === 'saas');
  // qChat?conversation=… (a record's "discuss in chat", a mention notice) opens that conversation.
  const wanted = [match.query[CHAT_CONVERSATION_QUERY]].flat()[0] ?? null;
  const calls = useMemo(() => chatApi(api), [api]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [active, setActive] = useState<string | null>(wanted);
  // The open chat as last listed: when the viewer is removed it leaves the list but stays readable, as it was.
  const [shown, setShown] = useState<ChatSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const [round, setRound] = useState(0);
  const activeRef = useRef(active);
  activeRef.current = active;
  const spaceId = match.spaceId;
  // The shell's pop-ups leave out the conversation on screen (live-notices.ts).
  const setOpenConversation = useSetAtom(openConversationAtom);
  useEffect(() => {
    setOpenConversation(active);
    return () => setOpenConversation(null);
  }, [active, setOpenConversation]);

  const reload = useCallback(() => calls.list().then(setChats, () => undefined), [calls]);

  useEffect(() => {
    if (wanted) setActive(wanted);
  }, [wanted]);
  const listed = chats.find((c) => c.id === active) ?? null;
  useEffect(() => {
    if (listed) setShown(listed);
  }, [listed]);
  const changed = (chat: ChatSummary) => setChats((list) => list.map((c) => (c.id === chat.id ? chat : c)));

  useEffect(() => {
    let live = true;
    setPhase({ kind: 'loading' });
    // The token first: it is the switch's answer too (403 while off), and a failed token stops the page (§8).
    chatToken(api, me, t('chat.tokenFailed'))
      .then(() => calls.list())
      .then(
        (list) => live && (setChats(list), setPhase({ kind: 'ready' })),
        (failure: unknown) => live && setPhase(isChatOff(failure) ? { kind: 'off' } : { kind: 'failed', reason: (failure as Error).message }),
      );
    return () => {
      live = false;
    };
  }, [api, calls, me, round, t]);

  usePush({
    onMessage: (event) => {
      if (!isChatEvent(event) || event.spaceId !== spaceId) return;
      if (event.type === 'chat.conversation') return void reload();
      if (event.type === 'chat.read') {
        setChats((list) =>
          list.map((c) =>
            c.id !== event.conversationId
              ? c
              : { ...c, unread: event.userId === me ? 0 : c.unread, members: c.members.map((p) => (p.id === event.userId ? { ...p, lastReadId: event.lastReadId } : p)) },
          ),
        );
        return;
      }
      const { message } = event;
      setChats((list) => {
        const found = list.find((c) => c.id === message.conversationId);
        if (!found) {
          void reload();
          return list;
        }
        const counts = message.senderId !== me && activeRef.current !== found.id;
        return [{ ...found, lastMessage: message, unread: found.unread + (counts ? 1 : 0) }, ...list.filter((c) => c !== found)];
      });
    },
    // Chats started, last messages, unread counts and receipts pushed while the socket was down (decision 0110);
    // the open conversation catches up its own history.
    onReconnect: () => void reload(),
  });

  if (phase.kind === 'loading') return <Spin block loading className="qp-gap" />;
  if (phase.kind === 'off') return <Result status="403" title={t('chat.title')} subTitle={t(WEBCHAT_OFF_MESSAGE)} data-testid="chat-off" />;
  if (phase.kind === 'failed') {
    return (
      <div className="qp-gap">
        <Alert type="error" content={phase.reason} data-testid="chat-failed" />
        <Button onClick={() => setRound((n) => n + 1)}>{t('chat.retry')}</Button>
      </div>
    );
  }
  const open = listed ?? (shown?.id === active ? shown : null);
  return (
    <div className="qp-chat" data-testid="chat-page">
      <ChatList chats={chats} active={active} calls={calls} onOpen={setActive} onNew={() => setCreating(true)} />
      {open ? (
        <Conversation
          key={open.id}
          chat={open}
          me={me}
          spaceId={spaceId}
          calls={calls}
          manager={manager}
          left={!listed}
          onChanged={changed}
          onLeft={() => (setChats((list) => list.filter((c) => c.id !== open.id)), setShown(null), setActive(null))}
        />
      ) : (
        <Empty className="qp-chat-empty" description={t('chat.conversation.none')} />
      )}
      <NewChatDialog
        visible={creating}
        calls={calls}
        onClose={() => setCreating(false)}
        onStarted={(chat) => {
          setCreating(false);
          setChats((list) => [chat, ...list.filter((c) => c.id !== chat.id)]);
          setActive(chat.id);
        }}
      />
    </div>
  );
}
