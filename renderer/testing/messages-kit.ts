import { act } from 'react';
import type { Bridge, PushChannel, SocketStatus } from '../../shared/bridge.ts';
import type { MessageItem } from '../../shared/api/messages.ts';
import type { Transport } from '../kernel/transport.ts';
import { refuse } from './page-kit.tsx';

/**
 * Test-only: a push socket the test speaks through, a fake API that also sees GET queries, sample messages. Beside
 * the page kit, as the shell's and workflow's tests use it too, and no app imports another's files.
 */

export function fakePush() {
  const messages = new Set<(message: unknown) => void>();
  const statuses = new Set<(status: SocketStatus) => void>();
  let status: SocketStatus = 1;
  const push: PushChannel = {
    connect() {},
    disconnect() {},
    onMessage: (handler) => (messages.add(handler), () => void messages.delete(handler)),
    onStatus: (handler) => (statuses.add(handler), () => void statuses.delete(handler)),
    status: () => status,
  };
  return {
    bridge: { kind: 'browser', push, openWindow() {}, openExternal() {}, notify() {} } as Bridge,
    listeners: () => messages.size,
    emit: (message: unknown) => act(async () => messages.forEach((handler) => handler(message))),
    setStatus: (next: SocketStatus) =>
      act(async () => {
        status = next;
        statuses.forEach((handler) => handler(next));
      }),
  };
}

export interface Call {
  method: string;
  path: string;
  /** The JSON body of a write, or the query of a GET. */
  body: unknown;
}

/**
 * A fake transport by "METHOD path", like the page kit's, whose GET handlers also see the query (keyset paging and
 * filters are in it). A handler answers `data` or throws (`refuse(...)`) to fail the call.
 */
export function queryApi(routes: Record<string, ((call: Call) => unknown) | unknown>) {
  const calls: Call[] = [];
  const answer = async (method: string, path: string, body: unknown) => {
    const call = { method, path, body };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) throw refuse(404, 'common.notFound', `no fake for ${key}`);
    const route = routes[key];
    const data = typeof route === 'function' ? await (route as (c: Call) => unknown)(call) : route;
    return { code: 200, msg: 'ok', params: {}, data };
  };
  const api = {
    get: (path: string, options?: { params?: unknown }) => answer('GET', path, options?.params ?? {}),
    post: (path: string, body?: unknown) => answer('POST', path, body),
    put: (path: string, body?: unknown) => answer('PUT', path, body),
    delete: (path: string) => answer('DELETE', path, undefined),
  } as unknown as Transport;
  return { api, calls };
}

let serial = 100;
export function message(partial: Partial<MessageItem> = {}): MessageItem {
  serial += 1;
  return {
    id: String(serial),
    category: 'notice',
    sourceApp: 'messages',
    sourceRecord: null,
    title: `Message ${serial}`,
    body: '',
    href: null,
    priority: 'normal',
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, serial)).toISOString(),
    readAt: null,
    ...partial,
  };
}

export const counts = (byCategory: Partial<Record<MessageItem['category'], number>>) => {
  const full = { todo: 0, approvalResult: 0, cc: 0, urge: 0, mention: 0, notice: 0, system: 0, deviceAlarm: 0, chatNotice: 0, ...byCategory };
  return { total: Object.values(full).reduce((a, b) => a + b, 0), byCategory: full };
};
