import { Alert, Button, Card, Message } from '@arco-design/web-react';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

export interface SettingsForm<T> {
  /** What the server holds (after the load or the last save); null while loading. */
  saved: T | null;
  /** What the page edits; null while loading. */
  draft: T | null;
  setDraft: Dispatch<SetStateAction<T | null>>;
  /** Why the settings could not be read: the page shows `SettingsLoadFailed` instead of the form. */
  loadError: string | null;
  /** Why the last save failed (the server's message in the user's language), or a check's message. */
  error: string | null;
  setError: (error: string | null) => void;
  busy: boolean;
  reload(): void;
  /** Saves `value` (default: the draft); the answer becomes both `saved` and `draft`. */
  save(value?: T): Promise<void>;
}

interface Options<T> {
  load(): Promise<T>;
  store(value: T): Promise<T>;
  /** Shown when a save succeeds. */
  savedMessage: string;
  /** The shared rules the server applies too, checked first: a message stops the save. */
  check?(value: T): string | null;
  onSaved?(value: T): void;
}

/**
 * The load–edit–save cycle every settings page of a space has (one object read, edited, put back): a loading
 * state, a load failure with retry, the server's refusal shown in the user's language, and a busy save button.
 */
export function useSettingsForm<T>({ load, store, savedMessage, check, onSaved }: Options<T>): SettingsForm<T> {
  const [saved, setSaved] = useState<T | null>(null);
  const [draft, setDraft] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && (setSaved(value), setDraft(value), setLoadError(null)),
      (failure: Error) => live && setLoadError(failure.message),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; the round is what asks for a new read.
  }, [round]);

  async function save(value = draft) {
    if (value === null) return;
    const problem = check?.(value) ?? null;
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const answer = await store(value);
      setSaved(answer);
      setDraft(answer);
      setError(null);
      onSaved?.(answer);
      Message.success(savedMessage);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return { saved, draft, setDraft, loadError, error, setError, busy, reload: () => setRound((n) => n + 1), save };
}

/** The page a settings form shows when its settings could not be read: the reason and a retry. */
export function SettingsLoadFailed({ title, error, onRetry }: { title: string; error: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Card title={title} className="qp-narrow-card">
      <Alert type="error" content={error} className="qp-gap" />
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Card>
  );
}
