import type { FastifyRequest } from 'fastify';
import { AI_LIMITS, type AiCompletionRequest, type AiCompletionResult } from '../../../shared/ai.ts';
import { AppError } from '../errors.ts';
import type { Kernel } from '../kernel.ts';
import { chatCompletion, type AiEndpoint } from './chat.ts';

export { chatCompletion, checkEndpointAddress, plainHttpAllowed, type AiEndpoint, type ChatCall } from './chat.ts';

/** A space's AI settings as `complete` needs them, the key opened. */
export interface AiSpaceSettings {
  enabled: boolean;
  endpoint: AiEndpoint;
  roles: readonly string[];
  monthlyTokenBudget: number | null;
}

/** One call that went out, for the space's usage record. */
export interface AiUsageEntry {
  userId: string | null;
  feature: string;
  tokensIn: number;
  tokensOut: number;
  ok: boolean;
  /** The error key of a failed call (`ai.timeout`, `outbound.refused`…). */
  failure: string | null;
  latencyMs: number;
}

/**
 * Where a space's AI settings and usage are kept. The org app owns them (its tables, its admin page) and registers
 * itself here when its routes are registered; features call `complete` and never read org's tables, so apps stay
 * free of each other's internals and the kernel of any app's (decision 0047, the shape of mail's 0041).
 */
export interface AiProvider {
  settings(spaceId: string): Promise<AiSpaceSettings | null>;
  /** Tokens (in and out) the space used this calendar month, in its time zone. */
  tokensThisMonth(spaceId: string): Promise<number>;
  record(spaceId: string, entry: AiUsageEntry): Promise<void>;
}

/** Who asks: the member's id (null for work the platform does on its own) and their roles in the space. */
export interface AiCaller {
  spaceId: string;
  userId: string | null;
  roles: readonly string[];
}

const providers = new WeakMap<Kernel, AiProvider>();

/** Called once by the app that keeps the AI settings (org) when it registers its routes. */
export function provideAi(kernel: Kernel, provider: AiProvider): void {
  providers.set(kernel, provider);
}

/** The caller of a request handler: the request's space, the signed-in member and their roles there. */
export function aiCallerOf(req: FastifyRequest): AiCaller {
  if (!req.ctx.space) throw new AppError(403, 'space.none');
  return { spaceId: req.ctx.space.id, userId: req.ctx.principal?.userId ?? null, roles: req.ctx.roles };
}

const FEATURE = /^[a-z][A-Za-z0-9.]{0,59}$/;

function checkRequest(request: AiCompletionRequest): void {
  // A feature id is the calling code's, not the user's: a wrong one is a bug.
  if (!FEATURE.test(request.feature)) throw new Error(`complete: bad feature id "${request.feature.slice(0, 80)}"`);
  const { messages } = request;
  if (messages.length === 0 || messages.length > AI_LIMITS.messages || messages.some((m) => !['system', 'user', 'assistant'].includes(m.role))) {
    throw new AppError(422, 'ai.badMessages', { max: AI_LIMITS.messages });
  }
  if (messages.reduce((sum, m) => sum + m.content.length, 0) > AI_LIMITS.messageChars) throw new AppError(422, 'ai.tooLong', { max: AI_LIMITS.messageChars });
}

/**
 * One chat completion for a feature, on behalf of `caller`: refused (nothing sent) when the space has no
 * connection (422 `ai.notConfigured`), has it switched off (422 `ai.disabled`), does not let the caller's roles use
 * AI (403 `ai.roleNotAllowed`) or has spent its monthly token budget (429 `ai.budgetSpent`). The answer is capped at
 * what is left of the budget. Every call that goes out is recorded, answered or failed, in its own transaction: the
 * tokens are spent whatever becomes of the caller's. Call it outside a database transaction — it waits for the
 * network for up to the space's timeout. Connection failures are those of `chatCompletion`.
 *
 * The budget is checked before each call; calls running at the same moment may each pass it, so a month can end
 * over it by at most what those calls used.
 */
export async function complete(kernel: Kernel, caller: AiCaller, request: AiCompletionRequest): Promise<AiCompletionResult> {
  const provider = providers.get(kernel);
  if (!provider) throw new Error('no AI provider registered (the org app registers it)');
  checkRequest(request);
  const settings = await provider.settings(caller.spaceId);
  if (!settings) throw new AppError(422, 'ai.notConfigured');
  if (!settings.enabled) throw new AppError(422, 'ai.disabled');
  if (!caller.roles.some((role) => settings.roles.includes(role))) throw new AppError(403, 'ai.roleNotAllowed');
  let maxTokens = Math.min(Math.max(1, Math.floor(request.maxTokens ?? AI_LIMITS.defaultMaxTokens)), AI_LIMITS.maxTokens);
  if (settings.monthlyTokenBudget !== null) {
    const left = settings.monthlyTokenBudget - (await provider.tokensThisMonth(caller.spaceId));
    if (left <= 0) throw new AppError(429, 'ai.budgetSpent', { budget: settings.monthlyTokenBudget });
    maxTokens = Math.min(maxTokens, left);
  }
  const base = { userId: caller.userId, feature: request.feature };
  const started = Date.now();
  let result: AiCompletionResult;
  try {
    result = await chatCompletion(kernel.outbound, settings.endpoint, { messages: request.messages, maxTokens, temperature: request.temperature });
  } catch (error) {
    const failure = error instanceof AppError ? error.key : 'ai.failed';
    // The caller gets the call's own failure; a failure to record it is only the log's.
    await provider
      .record(caller.spaceId, { ...base, tokensIn: 0, tokensOut: 0, ok: false, failure, latencyMs: Date.now() - started })
      .catch((recordError: unknown) => kernel.log.error({ err: recordError, spaceId: caller.spaceId }, 'AI usage not recorded'));
    throw error;
  }
  await provider.record(caller.spaceId, { ...base, tokensIn: result.tokensIn, tokensOut: result.tokensOut, ok: true, failure: null, latencyMs: result.latencyMs });
  return result;
}
