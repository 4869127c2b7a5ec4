import { expect } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import type { Platform } from '../../platform.ts';
import { actingPath, principalsFor, proxiesOf } from './proxies.ts';
import type { AgentPerm } from '../../../shared/workflow/model.ts';

/** Helpers of the agent and hosting suites (decision 0055): people, apps, rules and the engine's read side. */
export { ok } from '../../../tests/support/messages.ts';

export const MEMBER_PASSWORD = 'Agent#2026pw';

/** A refusal: its status and its text in the language asked for. */
export const refusal = (answer: Answer) => [answer.status, answer.body?.text];

/** The signed-in member's id. */
export async function idOf(client: TestClient): Promise<string> {
  const me = await client.get('/api/account/me');
  expect(me.status).toBe(200);
  return me.body.data.id as string;
}

/** A new active member of the admin's space, signed in. */
export async function newMember(platform: Platform, admin: TestClient, loginId: string): Promise<{ id: string; client: TestClient }> {
  const created = await admin.post('/api/org/members', { loginId, name: `Member ${loginId}`, password: MEMBER_PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.data.id as string, client: await signedIn(platform.url, loginId, MEMBER_PASSWORD) };
}

/** The demo's app of the admin's space, and a second app created beside it (scope tests need two). */
export async function twoApps(admin: TestClient, name: string): Promise<[string, string]> {
  const apps = (await admin.get('/api/appcenter/apps')).body.data.apps as Array<{ id: string; systemId: string }>;
  const first = apps[0]!;
  const second = await admin.post('/api/appcenter/apps', { systemId: String(first.systemId), name });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return [String(first.id), String(second.body.data.id)];
}

export interface RuleInput {
  agentId: string;
  apps: string[];
  perms?: AgentPerm[];
  validFrom: string;
  validTo: string;
  principalId?: string;
  note?: string;
}

export const createRule = (client: TestClient, rule: RuleInput, lang = 'en') =>
  client.post(`/api/workflow/agents?lang=${lang}`, { perms: ['handleTodo'], ...rule });

export const listRules = async (client: TestClient, view: 'mine' | 'toMe' = 'mine', principalId?: string) => {
  const answer = await client.get(`/api/workflow/agents?view=${view}${principalId ? `&principalId=${principalId}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { rules: any[]; today: string };
};

/** The engine's questions, asked as the engine asks them: inside a transaction of the space. */
export const engine = (platform: Platform, spaceId: string) => ({
  principalsFor: (userId: string, now: Date) => inSpace(platform.kernel.db, spaceId, (trx) => principalsFor(trx, spaceId, userId, now)),
  proxiesOf: (ids: string[], now: Date) => inSpace(platform.kernel.db, spaceId, (trx) => proxiesOf(trx, spaceId, ids, now)),
  actingPath: (userId: string, principalId: string, appId: string, perm: AgentPerm, now: Date) =>
    inSpace(platform.kernel.db, spaceId, (trx) => actingPath(trx, spaceId, userId, principalId, appId, perm, now)),
});

/** A moment of `day` (YYYY-MM-DD) in Shanghai, the demo spaces' zone: noon there. */
export const noonOf = (day: string) => new Date(`${day}T12:00:00+08:00`);
