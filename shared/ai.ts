import type { Role } from './roles.ts';

/**
 * The space's AI model connection (spec §2.6 aisetting; decision 0047): one OpenAI-compatible chat-completions
 * endpoint that the platform's AI features (form-filling assistant, logic AI steps, chart explanations) call
 * through the kernel's `complete` (server/kernel/ai/). Shared by the page and the server, so both refuse the same
 * things with the same words. The API key is write-only: the server answers `keySet`, never the key.
 */

export const AI_SETTINGS_PATH = '/api/org/ai/settings';
export const AI_TEST_PATH = '/api/org/ai/test';
export const AI_USAGE_PATH = '/api/org/ai/usage';

/** The roles a space may let use AI: its five (root is the operator, never a member using the space's budget). */
export const AI_ROLES = ['saas', 'admin', 'user', 'safe', 'audit'] as const satisfies readonly Role[];
export type AiRole = (typeof AI_ROLES)[number];
/** Business roles by default: the security and audit officers are not business users (decision 0026). */
export const AI_DEFAULT_ROLES: readonly AiRole[] = ['admin', 'user'];

export const AI_LIMITS = {
  baseUrl: 500,
  model: 100,
  apiKey: 500,
  timeoutMin: 5,
  timeoutMax: 120,
  timeoutDefault: 30,
  /** Tokens per month: far above any space's use, below what a JavaScript number holds exactly. */
  budgetMax: 1_000_000_000_000,
  /** Per call of `complete`: what a feature may send and ask back. */
  messages: 50,
  messageChars: 100_000,
  maxTokens: 8_192,
  defaultMaxTokens: 1_024,
} as const;

/** One message of a chat, as the OpenAI chat-completions API names them. */
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a feature asks `complete` for. `feature` (e.g. `forms.assistant`) is recorded with the usage. */
export interface AiCompletionRequest {
  feature: string;
  messages: AiMessage[];
  /** Largest answer, in tokens (capped by AI_LIMITS.maxTokens and by what is left of the month's budget). */
  maxTokens?: number;
  temperature?: number;
}

export interface AiCompletionResult {
  reply: string;
  /** The model that answered (the server's own name for it, else the configured one). */
  model: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
}

interface AiSettingsFields {
  enabled: boolean;
  /** e.g. `https://api.openai.com/v1`; requests go to `<baseUrl>/chat/completions`. */
  baseUrl: string;
  model: string;
  timeoutSeconds: number;
  /** Tokens (in and out) the whole space may use per calendar month in its time zone; null: no limit. */
  monthlyTokenBudget: number | null;
  roles: AiRole[];
}

/** What the server answers: `configured` false until an admin saved a connection. */
export interface AiSettingsView extends AiSettingsFields {
  configured: boolean;
  keySet: boolean;
  updatedAt: string | null;
}

/** What the page sends: `apiKey` absent keeps the stored key, '' removes it, any other text replaces it. */
export interface AiSettingsInput extends AiSettingsFields {
  apiKey?: string;
}

export const EMPTY_AI_SETTINGS: AiSettingsView = {
  configured: false,
  enabled: false,
  baseUrl: '',
  model: '',
  timeoutSeconds: AI_LIMITS.timeoutDefault,
  monthlyTokenBudget: null,
  roles: [...AI_DEFAULT_ROLES],
  keySet: false,
  updatedAt: null,
};

/** The answer of "test connection". */
export interface AiTestResult {
  reply: string;
  model: string;
  latencyMs: number;
}

export interface AiMemberUsage {
  userId: string | null;
  name: string;
  loginId: string;
  tokens: number;
  calls: number;
  failures: number;
}

/** This calendar month's use in the space's time zone (`month` is `YYYY-MM`). */
export interface AiUsageView {
  month: string;
  tokensIn: number;
  tokensOut: number;
  totalTokens: number;
  calls: number;
  failures: number;
  budget: number | null;
  topMembers: AiMemberUsage[];
}

export interface AiProblem {
  key: string;
  params?: Record<string, string | number>;
}

const CONTROL = /[\u0000-\u001f\u007f]/;
// The key goes into an HTTP header: visible ASCII only, so it can neither break the header nor add one.
const KEY_TEXT = /^[\x21-\x7e]+$/;

/** The chat-completions address of a base URL (a pasted full endpoint address is taken as it is). */
export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}

function urlProblem(text: string): AiProblem | null {
  if (!text) return { key: 'org.ai.problem.urlRequired' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { key: 'org.ai.problem.badUrl' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || text.length > AI_LIMITS.baseUrl || !url.hostname) return { key: 'org.ai.problem.badUrl' };
  // A user name or password in the address would be stored and shown in clear; a query or fragment has no meaning here.
  if (url.username || url.password || url.search || url.hash) return { key: 'org.ai.problem.urlParts' };
  return null;
}

/** The first problem of the settings, as a dictionary key and its values, or null. */
export function aiSettingsProblem(input: AiSettingsInput): AiProblem | null {
  const url = urlProblem(input.baseUrl.trim());
  if (url) return url;
  const model = input.model.trim();
  if (!model || model.length > AI_LIMITS.model || CONTROL.test(model)) return { key: 'org.ai.problem.badModel', params: { max: AI_LIMITS.model } };
  if (input.apiKey && (input.apiKey.length > AI_LIMITS.apiKey || !KEY_TEXT.test(input.apiKey))) return { key: 'org.ai.problem.badKey', params: { max: AI_LIMITS.apiKey } };
  const timeout = input.timeoutSeconds;
  if (!Number.isInteger(timeout) || timeout < AI_LIMITS.timeoutMin || timeout > AI_LIMITS.timeoutMax) {
    return { key: 'org.ai.problem.badTimeout', params: { min: AI_LIMITS.timeoutMin, max: AI_LIMITS.timeoutMax } };
  }
  const budget = input.monthlyTokenBudget;
  if (budget !== null && (!Number.isInteger(budget) || budget < 1 || budget > AI_LIMITS.budgetMax)) return { key: 'org.ai.problem.badBudget' };
  if (input.roles.length === 0 || input.roles.some((role) => !(AI_ROLES as readonly string[]).includes(role))) return { key: 'org.ai.problem.badRoles' };
  return null;
}
