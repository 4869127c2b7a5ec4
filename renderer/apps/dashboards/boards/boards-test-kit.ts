import { act } from 'react';
import type { Services } from '../../../shell/services.tsx';

/** Test-only: react-grid-layout and the screen stage measure their boxes; jsdom has no ResizeObserver. */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Test-only: a push socket the test sends events through (`push`), as the shell's bridge hands them to pages. */
export function fakePush() {
  const listeners: Array<(event: unknown) => void> = [];
  const bridge = { push: { onMessage: (l: (event: unknown) => void) => (listeners.push(l), () => undefined), onStatus: () => () => undefined, status: () => 1 } };
  return {
    services: { bridge } as unknown as Partial<Services>,
    push: (event: unknown) => act(async () => listeners.forEach((l) => l(event))),
  };
}
