import { WebSocket } from 'ws';
import { expect } from 'vitest';
import type { Answer, TestClient } from '../../../tests/support/client.ts';

/** Test helpers of the chat suites: a bound push socket that collects what arrives, and answer unwrapping. */
export interface ChatSocket {
  ws: WebSocket;
  messages: any[];
  next(predicate: (m: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

export function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Opens the platform's socket as `client` and binds it (spec §7 bindUid), as the renderer does. */
export async function chatSocket(base: string, client: TestClient, userId: string): Promise<ChatSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/napi/socket`, { headers: { cookie: client.cookieHeader } });
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  const next = (predicate: (m: any) => boolean, ms = 5_000) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), ms);
      const check = () => {
        const found = messages.find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'bindUid', uid: userId, login_ip: '127.0.0.1' }));
  await next((m) => m.type === 'bound');
  return { ws, messages, next, close: () => ws.close() };
}
