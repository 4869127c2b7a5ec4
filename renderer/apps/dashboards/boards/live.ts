import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { sessionAtom } from '../../../kernel/atoms.ts';
import { useServices } from '../../../shell/services.tsx';
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
 * Listens to the shell's push socket for record writes and device values of the page's space. Every window has its
 * own socket, so the viewer in its own window hears them too. Pushes sent while the socket was down are lost: a
 * reconnect counts as a change.
 */
export function useBoardLive(handlers: LiveHandlers): void {
  const { bridge } = useServices();
  const space = useAtomValue(sessionAtom)?.entId ?? null;
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const push = bridge?.push;
    if (!push) return; // Tests and hosts without a socket: the page works, without live updates.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => ((timer = null), current.current.onRecords()), LIVE_DEBOUNCE_MS);
    };
    const offMessage = push.onMessage((message) => {
      const event = parseBoardPush(message);
      if (!event || (event.spaceId && space && event.spaceId !== space)) return;
      if (event.type === 'forms.records' && current.current.formIds.has(event.formId)) later();
      if (event.type === 'iot.values' && event.values.length > 0) current.current.onDevice?.(event.values);
    });
    let last = push.status();
    const offStatus = push.onStatus((status) => {
      if (status === 1 && last === 0) later();
      last = status;
    });
    return () => {
      if (timer) clearTimeout(timer);
      offMessage();
      offStatus();
    };
  }, [bridge, space]);
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
