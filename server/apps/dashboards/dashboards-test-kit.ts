import { expect } from 'vitest';
import type { Answer, TestClient } from '../../../tests/support/client.ts';
import { EVERYONE, NOBODY_ELSE, type Access, type BoardDraft, type BoardItem, type ChartDraft, type ChartQuery } from '../../../shared/dashboards/model.ts';

/** Helpers of the dashboards suites: drafts of charts and boards, and the answers they expect. */
export const API = '/api/dashboards';

export function ok<T = any>(answer: Answer<T>, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body.data;
}

/** A refusal with this status and message key; answers its body for more checks. */
export function refused(answer: Answer, status: number, key: string): Answer['body'] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.msg).toBe(key);
  return answer.body;
}

export interface FormRef {
  appId: string;
  formId: string;
}

const count = { id: 'm1', aggregate: 'count' as const, field: null };

/** A bar chart of the order form (tests/support/forms.ts ORDER_FIELDS): records counted by status. */
export const chartDraft = (form: FormRef, overrides: Partial<ChartDraft> = {}, query: Partial<ChartQuery> = {}): ChartDraft => ({
  name: 'Orders by status',
  type: 'bar',
  appId: form.appId,
  query: { formId: form.formId, dimensions: [{ field: 'f2' }], measures: [count], sort: { by: 'd0', dir: 'asc' }, ...query },
  options: {},
  tips: 'How many orders are in each status',
  viewers: EVERYONE,
  editors: NOBODY_ELSE,
  ...overrides,
});

/** A number card: all records counted. */
export const totalDraft = (form: FormRef, name = 'Orders'): ChartDraft => chartDraft(form, { name, type: 'number' }, { dimensions: [], measures: [count], sort: undefined });

let next = 0;
export const chartItem = (chartId: string, place?: BoardItem['place']): BoardItem => ({ id: `c${next++}`, kind: 'chart', chartId, place: place ?? { x: 0, y: next % 100, w: 6, h: 1 } });

export const boardDraft = (overrides: Partial<BoardDraft> = {}): BoardDraft => ({
  kind: 'dashboard',
  name: 'Plant dashboard',
  description: 'Orders at a glance',
  items: [],
  filters: [],
  refreshSeconds: 0,
  screen: null,
  viewers: EVERYONE,
  editors: NOBODY_ELSE,
  ...overrides,
});

export const only = (access: Partial<Access>): Access => ({ everyone: false, roleGroups: [], members: [], ...access });

/** Creates a chart (201) and answers it. */
export const createChart = async (client: TestClient, draft: ChartDraft) => ok(await client.post(`${API}/charts`, draft), 201);
export const createBoard = async (client: TestClient, draft: BoardDraft) => ok(await client.post(`${API}/boards`, draft), 201);

/** Records of the order form, through the forms API as a member would write them. */
export async function addOrders(client: TestClient, formId: string, orders: Array<[title: string, status: string, amount?: number]>): Promise<void> {
  for (const [f1, f2, f3] of orders) ok(await client.post(`/api/forms/forms/${formId}/records`, { values: { f1, f2, ...(f3 === undefined ? {} : { f3 }) } }));
}

/** A result table as { status: count } pairs, for charts grouped by one dimension. */
export const pairs = (result: { rows: Array<Array<string | number | null>> }) => Object.fromEntries(result.rows.map((row) => [String(row[0]), row[1]]));

/**
 * The member's push socket, bound to him as the web app binds it; `waitFor` answers the first message that matches
 * (null after `ms`).
 */
export async function pushSocket(base: string, client: TestClient, userId: string) {
  const { WebSocket } = await import('ws');
  const ws = new WebSocket(`${base.replace('http', 'ws')}/napi/socket`, { headers: { cookie: client.cookieHeader } });
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'bindUid', uid: userId }));
  const waitFor = async (match: (m: any) => boolean, ms = 5_000): Promise<any> => {
    for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 25))) {
      const found = messages.find(match);
      if (found) return found;
    }
    return null;
  };
  if (!(await waitFor((m) => m.type === 'bound'))) throw new Error('the push socket was not bound');
  return { messages, waitFor, close: () => ws.close() };
}
