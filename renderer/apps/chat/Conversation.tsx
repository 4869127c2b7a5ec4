import { Alert, Button, Spin } from '@arco-design/web-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChatEvent, readBy, type ChatMessage, type ChatSummary } from '../../../shared/chat/chat.ts';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { usePush } from '../../shell/push-live.ts';
import { catchUp, mergeMessages } from './catch-up.ts';
import { chatFileUrl, type ChatApi } from './chat-api.ts';
import { Composer } from './Composer.tsx';
import { GroupSettings } from './GroupSettings.tsx';
import { systemText } from './system-line.ts';

interface Props {
  chat: ChatSummary;
  me: string;
  spaceId: string | null;
  calls: ChatApi;
  /** The viewer is a space admin (may remove anyone from a group). */
  manager: boolean;
  /** The viewer left or was removed: the history stays as it was, nothing more can be sent. */
  left: boolean;
  onChanged(chat: ChatSummary): void;
  onLeft(): void;
}

const later = (a: string, b: string) => BigInt(a) > BigInt(b);

/** The link back to the record a chat was started from, or null when its page is not in the table. */
function sourceHref(chat: ChatSummary, spaceId: string | null): string | null {
  const route = chat.source && ROUTES.find((r) => r.id === chat.source!.routeId);
  if (!route) return null;
  try {
    const search = new URLSearchParams(chat.source!.query ?? {}).toString();
    return buildPath(route, chat.source!.params ?? {}, spaceId) + (search ? `?${search}` : '');
  } catch {
    return null;
  }
}

function Body({ chatId, message }: { chatId: string; message: ChatMessage }) {
  if (message.kind === 'image' && message.file) return <img src={chatFileUrl(chatId, message.file.id)} alt={message.file.name} data-testid="chat-image-message" />;
  if (message.kind === 'file' && message.file) return <a href={chatFileUrl(chatId, message.file.id)} download={message.file.name}>{message.file.name}</a>;
  return <>{message.body}</>;
}

/** One line of the history: a group change in the reader's words, or a message with its sender and receipt. */
function MessageLine({ chatId, message: m, mine, receipt }: { chatId: string; message: ChatMessage; mine: boolean; receipt(m: ChatMessage): string }) {
  const { t } = useTranslation();
  if (m.kind === 'system' && m.system) {
    return (
      <p className="qp-chat-system" data-testid="chat-system-line">
        {systemText(t, m.system)}
      </p>
    );
  }
  return (
    <div className="qp-chat-msg" data-mine={mine} data-testid="chat-message" data-kind={m.kind}>
      <span className="qp-chat-meta">
        {mine ? t('chat.you') : m.senderName} · {new Date(m.createdAt).toLocaleTimeString()}
      </span>
      <div className="qp-chat-bubble">
        <Body chatId={chatId} message={m} />
      </div>
      {mine && (
        <span className="qp-chat-meta" data-testid="chat-receipt">
          {receipt(m)}
        </span>
      )}
    </div>
  );
}

/** One conversation: history newest at the bottom, older pages loaded by scrolling up (keyset), live messages. */
export function Conversation({ chat, me, spaceId, calls, manager, left, onChanged, onLeft }: Props) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [older, setOlder] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Where the view should be after the next render: at the bottom, or kept in place over older messages put above.
  const anchor = useRef<{ bottom: true } | { height: number; top: number }>({ bottom: true });
  const readSent = useRef('0');
  const [managing, setManaging] = useState(false);
  // A new round reads the history from the start again (a reconnect before the first read came back).
  const [round, setRound] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  useEffect(() => {
    let live = true;
    setMessages(null);
    setError(null);
    readSent.current = '0';
    anchor.current = { bottom: true };
    calls.history(chat.id).then(
      (page) => live && (setMessages(page.messages), setOlder(page.older)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [calls, chat.id, round]);

  // Both the socket and the sender's own answer bring a message (or a catch-up read): the second is dropped.
  const append = (arrived: readonly ChatMessage[]) => setMessages((old) => (old ? mergeMessages(old, arrived) : old));
  // A reader at the bottom stays there as messages arrive; one reading further up keeps their place.
  const followIfAtBottom = () => {
    const el = box.current;
    if (!el || el.scrollHeight - el.scrollTop - el.clientHeight < 80) anchor.current = { bottom: true };
  };

  usePush({
    onMessage: (event) => {
      if (!isChatEvent(event) || event.type !== 'chat.message' || event.spaceId !== spaceId || event.message.conversationId !== chat.id) return;
      followIfAtBottom();
      if (event.message.senderId === me) anchor.current = { bottom: true };
      append([event.message]);
    },
    // Messages pushed while the socket was down never arrive: read what came after the newest one shown (0110).
    onReconnect: () => {
      if (!messages) return setRound((n) => n + 1);
      const history = (before?: string | null) => calls.history(chat.id, before);
      catchUp(history, messages.at(-1)?.id ?? '0').then(
        (caught) => {
          if (!mounted.current || caught.messages.length === 0) return;
          followIfAtBottom();
          if (caught.kind === 'joined') return append(caught.messages);
          anchor.current = { bottom: true };
          setMessages(caught.messages);
          setOlder(caught.older);
        },
        () => undefined, // The history shown stays; the next reconnect or message tries again.
      );
    },
  });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !messages) return;
    const want = anchor.current;
    if ('bottom' in want) el.scrollTop = el.scrollHeight;
    else el.scrollTop = want.top + (el.scrollHeight - want.height);
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
  }, [messages]);

  // Shown while the window is visible: the newest message counts as read, and the others see the receipt.
  const mine = chat.members.find((m) => m.id === me);
  const newest = messages?.at(-1);
  useEffect(() => {
    if (left || !newest || !mine || !later(newest.id, mine.lastReadId) || !later(newest.id, readSent.current)) return;
    if (globalThis.document?.visibilityState === 'hidden') return;
    readSent.current = newest.id;
    calls.read(chat.id, newest.id).catch(() => (readSent.current = '0'));
  }, [calls, chat.id, newest, mine, left]);

  const loadOlder = async () => {
    const el = box.current;
    if (!older || loadingOlder || !el) return;
    setLoadingOlder(true);
    try {
      const page = await calls.history(chat.id, older);
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      setMessages((old) => [...page.messages, ...(old ?? [])]);
      setOlder(page.older);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setLoadingOlder(false);
    }
  };
  const receipt = (message: ChatMessage) => {
    const count = readBy(message, chat.members);
    if (chat.kind === 'group') return t('chat.receipt.readBy', { count });
    return t(count > 0 ? 'chat.receipt.read' : 'chat.receipt.unread');
  };
  const href = sourceHref(chat, spaceId);
  const people = chat.members.filter((m) => m.id !== me);

  return (
    <section className="qp-chat-main" aria-label={chat.title} data-testid="chat-conversation" data-chat={chat.id}>
      <header className="qp-chat-head">
        <h2>{chat.title}</h2>
        {chat.kind === 'group' && <span className="qp-chat-meta">{t('chat.conversation.members', { count: chat.members.length })}</span>}
        {chat.source && href && (
          <a href={href} data-testid="chat-source-link" title={t('chat.sourceLink')}>
            {t('chat.conversation.source', { title: chat.source.title ?? chat.source.recordId })}
          </a>
        )}
        {chat.kind === 'group' && !left && (
          <Button size="small" className="qp-chat-head-action" onClick={() => setManaging(true)} data-testid="chat-manage">
            {t('chat.manage.button')}
          </Button>
        )}
      </header>
      {managing && (
        <GroupSettings chat={chat} me={me} manager={manager} calls={calls} onClose={() => setManaging(false)} onChanged={onChanged} onLeft={() => (setManaging(false), onLeft())} />
      )}
      <div
        ref={box}
        className="qp-chat-history"
        role="log"
        aria-label={t('chat.conversation.history')}
        tabIndex={0}
        onScroll={(e) => e.currentTarget.scrollTop < 40 && void loadOlder()}
        data-testid="chat-history"
      >
        {error && <Alert type="error" content={t('chat.loadFailed', { reason: error })} />}
        {!messages && !error && <Spin block loading />}
        {messages && older && (
          <Button long type="text" loading={loadingOlder} onClick={() => void loadOlder()} data-testid="chat-older">
            {t('chat.conversation.older')}
          </Button>
        )}
        {messages && !older && messages.length > 0 && <p className="qp-chat-meta">{t('chat.conversation.start')}</p>}
        {messages?.length === 0 && <p className="qp-chat-meta">{t('chat.conversation.empty')}</p>}
        {messages?.map((m) => (
          <MessageLine key={m.id} chatId={chat.id} message={m} mine={m.senderId === me} receipt={receipt} />
        ))}
      </div>
      {left ? (
        <Alert type="info" className="qp-chat-left" content={t('chat.conversation.left')} data-testid="chat-left" />
      ) : (
        <Composer
          people={people}
          onSend={async (text, mentions) => {
            anchor.current = { bottom: true };
            append([await calls.send(chat.id, text, mentions)]);
          }}
          onUpload={async (file, kind) => {
            anchor.current = { bottom: true };
            append((await calls.upload(chat.id, file, kind, t('chat.composer.uploadFailed'))).messages);
          }}
        />
      )}
    </section>
  );
}
