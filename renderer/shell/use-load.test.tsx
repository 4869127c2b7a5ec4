import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useLoad, type Loaded } from './use-load.ts';

/** A promise the test settles by hand, so answers can arrive in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Renders a component using the hook and hands back its latest result. */
function probe<T>(load: (key: string) => Promise<T>) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const seen: { current: Loaded<T> | null } = { current: null };
  function Probe({ k }: { k: string }) {
    seen.current = useLoad(() => load(k), [k]);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  return { seen, show: (k: string) => act(async () => root.render(<Probe k={k} />)), unmount: () => act(() => root.unmount()) };
}

describe('a page loading its data', () => {
  it('keeps the newer answer when an older, slower one arrives after it (a filter changed mid-load)', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { pending: deferred(), rejected: deferred() };
    const page = probe((k) => answers[k]!.promise);
    await page.show('pending');
    await page.show('rejected');
    await act(async () => answers.rejected!.resolve('rejected rows'));
    await act(async () => answers.pending!.resolve('pending rows'));
    expect(page.seen.current).toMatchObject({ data: 'rejected rows', loading: false, error: null });
    page.unmount();
  });

  it('keeps the last good data beside the message of a failed reload', async () => {
    let fail = false;
    const page = probe(async () => (fail ? Promise.reject(new Error('网络错误')) : 'rows'));
    await page.show('all');
    fail = true;
    await act(() => page.seen.current!.reload());
    expect(page.seen.current).toMatchObject({ data: 'rows', error: '网络错误', loading: false });
    page.unmount();
  });
});
