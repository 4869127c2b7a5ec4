import { performance } from 'node:perf_hooks';
import { chatCompletionsUrl, type AiCompletionResult, type AiMessage } from '../../../shared/ai.ts';
import { AppError } from '../errors.ts';
import { normalHost, parseAddress } from '../outbound/addresses.ts';
import { guardedFetch, type OutboundGuard } from '../outbound/index.ts';

/** Where a space's AI calls go, with its key opened (decision 0047). */
export interface AiEndpoint {
  baseUrl: string;
  model: string;
  /** '' for an endpoint that wants none (a model server on the plant network). */
  apiKey: string;
  timeoutSeconds: number;
}

export interface ChatCall {
  messages: readonly AiMessage[];
  maxTokens: number;
  temperature?: number;
}

/** An answer is a short JSON document: 1 MB is far above any chat completion and bounds what a wrong server sends. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * Plain http sends the key readable on the wire: only to a target the operator named in OUTBOUND_ALLOW (by host
 * name, or an address inside a listed range; with the port when the entry has one) — a model server on the plant
 * network or a test server. The allow-list is the operator's word that the target is theirs.
 */
export function plainHttpAllowed(guard: OutboundGuard, url: URL): boolean {
  if (url.protocol === 'https:') return true;
  const host = normalHost(url.hostname.replace(/^\[|\]$/g, ''));
  const literal = parseAddress(host);
  const port = portOf(url);
  return guard.rules.some((rule) => {
    if (rule.port !== null && rule.port !== port) return false;
    if (rule.kind === 'host') return rule.host === host;
    const [base, bits] = rule.range;
    return literal !== null && literal.kind() === base.kind() && literal.match(base, bits);
  });
}

/**
 * What can be said of an address without connecting: the scheme rule above, and the guard's verdict on a literal
 * address (10.0.0.1, 127.0.0.1 on a port the operator did not allow). Names are resolved and checked when called.
 */
export async function checkEndpointAddress(guard: OutboundGuard, baseUrl: string): Promise<void> {
  const url = new URL(chatCompletionsUrl(baseUrl));
  if (!plainHttpAllowed(guard, url)) throw new AppError(422, 'ai.plainHttp', { host: url.host });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (parseAddress(host)) await guard.check(host, portOf(url));
}

/** Failures of the exchange, in the user's words; the guard's refusal (`outbound.refused`) is passed on as it is. */
function failureOf(error: unknown, url: URL, timeoutSeconds: number): unknown {
  if (!(error instanceof AppError)) return error;
  switch (error.key) {
    case 'outbound.timeout':
      return new AppError(504, 'ai.timeout', { seconds: timeoutSeconds });
    case 'outbound.failed':
    case 'outbound.unresolved':
      return new AppError(502, 'ai.unreachable', { host: url.host });
    case 'outbound.tooLarge':
      return new AppError(502, 'ai.badAnswer');
    default:
      return error;
  }
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null);

/** A server that reports no usage is counted roughly (4 characters a token), so the budget still holds. */
const estimate = (text: string) => Math.ceil(text.length / 4);

interface ChatAnswer {
  model?: unknown;
  choices?: Array<{ message?: { content?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/**
 * One chat-completion request through the kernel's outbound guard. The key travels only in the Authorization
 * header; neither it nor the remote server's own text (which may quote the key) reaches an answer or a log.
 * Errors are AppErrors: `ai.plainHttp` and `outbound.refused` (422), `ai.timeout` (504), `ai.unreachable`,
 * `ai.keyRefused`, `ai.httpStatus`, `ai.badAnswer` (502).
 */
export async function chatCompletion(guard: OutboundGuard, endpoint: AiEndpoint, call: ChatCall): Promise<AiCompletionResult> {
  const url = new URL(chatCompletionsUrl(endpoint.baseUrl));
  // Checked at every call, not only when saved: the operator may have taken the target off the allow-list since.
  if (!plainHttpAllowed(guard, url)) throw new AppError(422, 'ai.plainHttp', { host: url.host });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const body = JSON.stringify({
    model: endpoint.model,
    messages: call.messages.map((m) => ({ role: m.role, content: m.content })),
    max_tokens: call.maxTokens,
    ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
    stream: false,
  });
  const started = performance.now();
  let response;
  try {
    response = await guardedFetch(guard, url, { method: 'POST', headers, body, timeoutMs: endpoint.timeoutSeconds * 1000, maxBytes: MAX_ANSWER_BYTES });
  } catch (error) {
    throw failureOf(error, url, endpoint.timeoutSeconds);
  }
  const latencyMs = Math.round(performance.now() - started);
  if (response.status === 401 || response.status === 403) throw new AppError(502, 'ai.keyRefused', { status: response.status });
  if (response.status < 200 || response.status > 299) throw new AppError(502, 'ai.httpStatus', { status: response.status });
  let answer: ChatAnswer;
  try {
    answer = response.json<ChatAnswer>();
  } catch {
    throw new AppError(502, 'ai.badAnswer');
  }
  const reply = answer?.choices?.[0]?.message?.content;
  if (typeof reply !== 'string') throw new AppError(502, 'ai.badAnswer');
  const prompt = call.messages.map((m) => m.content).join('\n');
  return {
    reply,
    model: typeof answer.model === 'string' && answer.model ? answer.model.slice(0, 100) : endpoint.model,
    tokensIn: count(answer.usage?.prompt_tokens) ?? estimate(prompt),
    tokensOut: count(answer.usage?.completion_tokens) ?? estimate(reply),
    latencyMs,
  };
}
