import type { Static } from '@sinclair/typebox';
import { AI_ROLES, AI_SETTINGS_PATH, AI_TEST_PATH, AI_USAGE_PATH, aiSettingsProblem, type AiSettingsInput, type AiTestResult } from '../../../shared/ai.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { AiSettingsBody, AiTestBody } from '../../../shared/api/org-ai.ts';
import { chatCompletion, checkEndpointAddress, provideAi, type AiEndpoint } from '../../kernel/ai/index.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { secretBoxFor } from '../../kernel/secrets.ts';
import { aiKeyContext, aiSettingsView, endpointOf, openKey, orgAiProvider, readAiRow, readAiUsage, type AiSettingsRow } from './ai-store.ts';

type SettingsBody = Static<typeof AiSettingsBody>;

/** The body as the rules see it: blanks and a trailing slash dropped where they cannot be meant, roles in one order. */
function normalise(body: SettingsBody): AiSettingsInput {
  const roles = [...new Set(body.roles)] as AiSettingsInput['roles'];
  const known = AI_ROLES.filter((role) => roles.includes(role));
  // An unknown role is left in for the check to name; known ones are kept in the platform's order.
  return { ...body, baseUrl: body.baseUrl.trim().replace(/\/+$/, ''), model: body.model.trim(), roles: known.length === roles.length ? known : roles };
}

/**
 * Whether the stored key may go with these settings. Left out, the stored key is kept — but only for the origin
 * (scheme, host, port) it was given for: otherwise whoever can edit the settings could make the platform hand the
 * stored key to a server of their choosing without ever knowing it (the rule of mail's password, decision 0041).
 */
function keepsStoredKey(stored: AiSettingsRow | undefined, input: AiSettingsInput): boolean {
  if (input.apiKey !== undefined || !stored?.key_sealed) return false;
  if (new URL(stored.base_url).origin !== new URL(input.baseUrl).origin) throw fail.unprocessable('org.ai.problem.keyAgain');
  return true;
}

/** Checked settings (422 naming the first problem); no connection is made here. */
async function checked(kernel: Kernel, body: SettingsBody): Promise<AiSettingsInput> {
  const input = normalise(body);
  const problem = aiSettingsProblem(input);
  if (problem) throw fail.unprocessable(problem.key, problem.params);
  await checkEndpointAddress(kernel.outbound, input.baseUrl);
  return input;
}

/** The test asks for next to nothing: a few tokens of the space's provider account, whatever the model. */
const TEST_CALL = { messages: [{ role: 'user' as const, content: 'Reply with the single word: OK' }], maxTokens: 16 };
const REPLY_SHOWN = 200;

/**
 * aisetting (spec §2.6, admin; decision 0047): the space's AI model connection, a real test call, and this month's
 * use. The administrator's alone (`org.ai.manage`): the settings hold a credential and spend the enterprise's money.
 * The key is sealed with the kernel's SecretBox and never answered; every call goes through the outbound guard.
 */
export function registerAiSettingsRoutes(app: App, kernel: Kernel): void {
  provideAi(kernel, orgAiProvider(kernel));
  const manage = { permission: 'org.ai.manage' } as const;

  app.get(AI_SETTINGS_PATH, { config: { access: manage }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return { code: 200, msg: 'ok', data: aiSettingsView(await kernel.transact(req, readAiRow)) };
  });

  app.put(AI_SETTINGS_PATH, { config: { access: manage, action: 'org.settings.ai' }, schema: { querystring: NoQuery, body: AiSettingsBody } }, async (req) => {
    const space = currentSpace(req);
    const saved = await kernel.transact(req, async (trx) => {
      const stored = await readAiRow(trx);
      const input = await checked(kernel, req.body);
      req.ctx.auditTarget = new URL(input.baseUrl).host;
      const keySealed = keepsStoredKey(stored, input)
        ? stored!.key_sealed
        : input.apiKey
          ? secretBoxFor(kernel.config).seal(input.apiKey, aiKeyContext(space.id))
          : null;
      const values = {
        enabled: input.enabled,
        base_url: input.baseUrl,
        model: input.model,
        key_sealed: keySealed,
        timeout_seconds: input.timeoutSeconds,
        monthly_token_budget: input.monthlyTokenBudget,
        roles: input.roles,
      };
      await trx
        .insertInto('org_ai_settings')
        .values({ space_id: space.id, ...values })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
      return readAiRow(trx);
    });
    return { code: 200, msg: 'org.ai.saved', data: aiSettingsView(saved) };
  });

  app.post(AI_TEST_PATH, { config: { access: manage, action: 'org.ai.test' }, schema: { querystring: NoQuery, body: AiTestBody } }, async (req) => {
    const space = currentSpace(req);
    // Read in its own short transaction: the call below waits for the network and must not hold one open.
    const stored = await inSpace(kernel.db, space.id, readAiRow);
    let endpoint: AiEndpoint;
    if (req.body.settings) {
      const input = await checked(kernel, req.body.settings);
      const apiKey = keepsStoredKey(stored, input) ? openKey(kernel, stored!) : (input.apiKey ?? '');
      endpoint = { baseUrl: input.baseUrl, model: input.model, apiKey, timeoutSeconds: input.timeoutSeconds };
    } else if (stored) endpoint = endpointOf(kernel, stored);
    else throw new AppError(422, 'ai.notConfigured');
    req.ctx.auditTarget = new URL(endpoint.baseUrl).host;
    // Not recorded as usage: the test is the administrator's check of the connection, not a feature's call.
    const result = await chatCompletion(kernel.outbound, endpoint, TEST_CALL);
    const data: AiTestResult = { reply: result.reply.trim().slice(0, REPLY_SHOWN), model: result.model, latencyMs: result.latencyMs };
    return { code: 200, msg: 'org.ai.testOk', params: { ms: result.latencyMs }, data };
  });

  app.get(AI_USAGE_PATH, { config: { access: manage }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const data = await kernel.transact(req, async (trx) => readAiUsage(trx, space.id, aiSettingsView(await readAiRow(trx)).monthlyTokenBudget));
    return { code: 200, msg: 'ok', data };
  });
}
