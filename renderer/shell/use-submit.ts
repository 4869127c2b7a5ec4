import { useState } from 'react';

/**
 * Runs a dialog's save: busy while it runs, `onDone` with the answer when it succeeds, and the server's refusal —
 * already in the user's language — kept in `error` so the dialog stays open to mend it.
 */
export function useSubmit<R = unknown>(onDone: (result: R) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (work: () => Promise<R>) => {
    setBusy(true);
    setError(null);
    try {
      onDone(await work());
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}
