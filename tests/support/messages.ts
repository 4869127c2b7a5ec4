import { WebSocket } from 'ws';
import { expect } from 'vitest';
import type { Answer, TestClient } from './client.ts';

export function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export interface BoundSocket {
  ws: WebSocket;
  messages: any[];
  next(predicate: (m: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

/**
 * A push socket signed in as `client` and bound to its user (spec §7 bindUid, as the renderer does), collecting
 * every event it receives. `userId` saves asking the server who the client is.
 */
export async function boundSocket(base: string, client: TestClient, userId?: string): Promise<BoundSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/napi/socket`, { headers: { cookie: client.cookieHeader } });
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const next = (predicate: (m: any) => boolean, ms = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event; got ${JSON.stringify(messages).slice(0, 2000)}`)), ms);
      const check = () => {
        const found = messages.find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  const uid = userId ?? (await client.get('/api/account/me')).body.data.id;
  ws.send(JSON.stringify({ type: 'bindUid', uid, login_ip: '127.0.0.1' }));
  await next((m) => m.type === 'bound');
  return { ws, messages, next, close: () => ws.close() };
}

/** Polls `read` until `done` accepts its value (deliveries happen after commit, on a worker). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
