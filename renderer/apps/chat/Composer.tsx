import { Alert, Button, Mentions } from '@arco-design/web-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, textProblem, type ChatPerson } from '../../../shared/chat/chat.ts';

interface Props {
  /** Who can be @mentioned: the chat's other members. */
  people: readonly ChatPerson[];
  onSend(text: string, mentions: string[]): Promise<void>;
  onUpload(file: File, kind: 'image' | 'file'): Promise<void>;
}

/** The members a text mentions: "@Name" as the suggestion list inserts it. */
export const mentionedIn = (text: string, people: readonly ChatPerson[]) => people.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id);

/** Text with @mention suggestions (Ctrl+Enter or the button sends), an image and a file button. */
export function Composer({ people, onSend, onUpload }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    // The server checks the same; asking first spares a round trip and keeps what was typed.
    const problem = textProblem(text);
    if (problem) return setError(t(problem.key, { ...problem.params }));
    void run(async () => {
      await onSend(text, mentionedIn(text, people));
      setText('');
    });
  };
  const picked = (input: HTMLInputElement | null, kind: 'image' | 'file') => {
    const chosen = input?.files?.[0];
    if (input) input.value = '';
    if (chosen) void run(() => onUpload(chosen, kind));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };
  return (
    <div className="qp-chat-composer">
      {error && <Alert type="error" content={error} closable onClose={() => setError(null)} data-testid="chat-composer-error" />}
      <Mentions
        value={text}
        onChange={setText}
        options={people.map((p) => ({ label: p.name, value: p.name }))}
        prefix="@"
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('chat.composer.placeholder')}
        aria-label={t('chat.composer.label')}
        onKeyDown={onKeyDown}
        data-testid="chat-input"
      />
      <div className="qp-chat-composer-tools">
        <input ref={image} type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/bmp" className="qp-chat-hidden-input" aria-label={t('chat.composer.image')} onChange={(e) => picked(e.currentTarget, 'image')} data-testid="chat-image-input" />
        <input ref={file} type="file" className="qp-chat-hidden-input" aria-label={t('chat.composer.file')} onChange={(e) => picked(e.currentTarget, 'file')} data-testid="chat-file-input" />
        <Button disabled={busy} onClick={() => image.current?.click()} data-testid="chat-image">
          {t('chat.composer.image')}
        </Button>
        <Button disabled={busy} onClick={() => file.current?.click()} data-testid="chat-file">
          {t('chat.composer.file')}
        </Button>
        <span className="qp-chat-count" aria-live="polite">
          {t('chat.composer.count', { length: text.length, max: CHAT_LIMITS.textMax })}
        </span>
        <Button type="primary" loading={busy} onClick={send} data-testid="chat-send">
          {t('chat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
