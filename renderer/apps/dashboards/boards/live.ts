import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { sessionAtom } from '../../../kernel/atoms.ts';
import { usePush } from '../../../shell/push-live.ts';
import type { DeviceValue } from './boards-api.ts';

/** Record writes come in bursts (an import, a workflow step); one refetch per second of quiet is enough. */
export const LIVE_DEBOUNCE_MS = 1000;

export type BoardPush =
  | { type: 'forms.records'; spaceId?: string; formId: string }
  | { type: 'iot.values'; spaceId?: string; values: DeviceValue[] };

/** The two pushes boards listen to (notes/dashboards-api.md "Live"), or null for anything else. */
export function parseBoardPush(message: unknown): BoardPush | null {
  if (!message || typeof message !== 'object') return null;
  const event = message as Record<string, unknown>;
  const spaceId = typeof event.spaceId === 'string' ? event.spaceId : undefined;
  if (event.type === 'forms.records' && typeof event.formId === 'string') return { type: 'forms.records', spaceId, formId: event.formId };
  if (event.type === 'iot.values' && Array.isArray(event.values)) {
    const values = event.values.filter(
      (v): v is DeviceValue => !!v && typeof (v as DeviceValue).topic === 'string' && typeof (v as DeviceValue).payload === 'string',
    );
    return { type: 'iot.values', spaceId, values };
  }
  return null;
}

export interface LiveHandlers {
  /** Forms whose record writes matter (the board's charts' forms). */
  formIds: ReadonlySet<string>;
  /** Called once per quiet second after writes to one of those forms, and after the socket reconnects. */
  onRecords(): void;
  onDevice?(values: DeviceValue[]): void;
}

/**
 * Listens to the shell's push socket (push-live.ts) for record writes and device values of the page's space. Every
 * window has its own socket, so the viewer in its own window hears them too. Pushes sent while the socket was down
 * are lost: the reconnect signal counts as a change (decision 0110).
 */
export function useBoardLive(handlers: LiveHandlers): void {
  const space = useAtomValue(sessionAtom)?.entId ?? null;
  const current = useRef(handlers);
  current.current = handlers;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const later = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => ((timer.current = null), current.current.onRecords()), LIVE_DEBOUNCE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  usePush({
    onMessage: (message) => {
      const event = parseBoardPush(message);
      if (!event || (event.spaceId && space && event.spaceId !== space)) return;
      if (event.type === 'forms.records' && handlers.formIds.has(event.formId)) later();
      if (event.type === 'iot.values' && event.values.length > 0) handlers.onDevice?.(event.values);
    },
    onReconnect: later,
  });
}

/** Calls `tick` every `seconds` (0: never) while mounted; a change of the interval restarts the clock. */
export function useEvery(seconds: number, tick: () => void): void {
  const current = useRef(tick);
  current.current = tick;
  useEffect(() => {
    if (!seconds || seconds <= 0) return;
    const timer = setInterval(() => current.current(), seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds]);
}
