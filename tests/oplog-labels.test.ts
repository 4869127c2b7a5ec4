import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../shared/i18n/index.ts';
import { TARGET_PARTS, TARGET_VALUES, WRITTEN_ACTIONS, actionKey, actionText, targetText } from '../shared/oplog-text.ts';
import { SERVER_APPS } from '../server/apps/index.ts';
import type { App } from '../server/kernel/http/server.ts';
import { createI18n } from '../server/kernel/i18n.ts';
import type { Kernel } from '../server/kernel/kernel.ts';
import { registerKernelRoutes } from '../server/kernel/routes/index.ts';

/**
 * A kernel that answers everything with itself: route registration only stores it in closures, so the route
 * table (what the server declares, as kernel.apiRoutes keeps it) can be read without a database.
 */
function inertKernel(): Kernel {
  const inert: object = new Proxy(() => inert, {
    get: (_target, name) => (name === 'then' ? undefined : name === Symbol.toPrimitive ? () => '' : inert),
    apply: () => inert,
  });
  return inert as Kernel;
}

const declared = new Set<string>();
const i18n = createI18n();
const words = (language: (typeof LANGUAGES)[number]) => (key: string, params?: Record<string, string>) =>
  i18n.dictionaries[language][key] ? i18n.t(language, key, params) : null;

beforeAll(async () => {
  const app = Fastify() as unknown as App;
  app.addHook('onRoute', (route) => {
    const action = (route.config as { action?: string } | undefined)?.action;
    if (action) declared.add(action);
  });
  const kernel = inertKernel();
  registerKernelRoutes(app, kernel);
  for (const micro of SERVER_APPS) micro.register(app, kernel);
  await app.ready();
  await app.close();
}, 60_000);

describe('operation log in words (decision 0114)', () => {
  it('every action a route declares, and every one written directly, has a label in both languages', () => {
    expect(declared.size).toBeGreaterThan(200);
    const missing = [...declared, ...WRITTEN_ACTIONS].flatMap((action) => LANGUAGES.filter((language) => !i18n.dictionaries[language][actionKey(action)]).map((language) => `${language}: ${actionKey(action)}`));
    expect(missing).toEqual([]);
  });

  it('every target with parts has its sentence, and every enumerated part its words, in both languages', () => {
    const keys = [
      ...Object.keys(TARGET_PARTS).map((action) => `oplog.target.${action}`),
      ...Object.entries(TARGET_VALUES).flatMap(([part, values]) => values.map((value) => `oplog.value.${part}.${value}`)),
      'oplog.read',
      'oplog.write',
      'oplog.target.replay',
    ];
    expect(keys.flatMap((key) => LANGUAGES.filter((language) => !i18n.dictionaries[language][key]).map((language) => `${language}: ${key}`))).toEqual([]);
    expect(Object.keys(TARGET_PARTS).filter((action) => !declared.has(action))).toEqual([]);
  });

  it('reads entries as words: an action, a target with parts, a read no route named, an unknown id', () => {
    expect(actionText('org.grant.approve', words('en'))).toBe('Approve a role request');
    expect(actionText('org.grant.approve', words('zh-CN'))).toBe('批准角色授权申请');
    expect(targetText('org.member.status', '11:disabled', words('en'))).toBe('member 11 → disabled');
    expect(targetText('org.member.status', '11:disabled', words('zh-CN'))).toBe('成员 11 → 停用');
    expect(targetText('org.grant.request', '7:grant:audit', words('en'))).toBe('member 7: grant auditor');
    expect(actionText('GET /api/forms/forms/:formId', words('en'))).toBe('Read /api/forms/forms/:formId');
    expect(actionText('something.new', words('en'))).toBe('something.new');
    expect(targetText('org.department.update', '42', words('en'))).toBe('42');
  });
});
