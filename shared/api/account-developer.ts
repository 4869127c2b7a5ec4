import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';
import { REASON_MAX_LENGTH } from '../developer/word-count.ts';

/**
 * Developer authorisation (spec §2.8, §4; decisions 0058, 0059): a member applies in a space, the space's
 * administrator approves or rejects, the approved member collects a token once and calls the platform's API with
 * `Authorization: Bearer <token>`.
 */

/** `qpd_<space id>_<43 characters>`: recognisable in a leaked log or repository, and the space is in the token. */
export const TOKEN_PREFIX = 'qpd_';
export const TOKEN_PATTERN = /^qpd_([a-z0-9]{1,32})_([A-Za-z0-9_-]{43})$/;

export const APPLICATION_STATES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
/** Why an approved token ended: its holder, an administrator, or a newer approved application (a reset). */
export type EndedBy = 'member' | 'admin' | 'replaced';

export interface DeveloperApplication {
  id: string;
  reason: string;
  state: ApplicationState;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  /** The administrator's reason for a rejection. */
  note: string | null;
  /** Approved and not yet collected: the holder may reveal the token once. */
  collectable: boolean;
  /** The last 4 characters of a collected token (never more). */
  last4: string | null;
  endedAt: string | null;
  endedBy: EndedBy | null;
  lastUsedAt: string | null;
}

/** A row of the administrator's review list: the application with its applicant. */
export interface ReviewedApplication extends DeveloperApplication {
  userId: string;
  userName: string;
  loginId: string;
}

const State = Type.Union(APPLICATION_STATES.map((s) => Type.Literal(s)));

export const ApplyBody = Strict({ reason: Type.String({ maxLength: REASON_MAX_LENGTH }) });
export const RejectBody = Strict({ note: Type.String({ maxLength: 200 }) });
export const ReviewQuery = Strict({ lang: Lang, state: Type.Optional(State) });
export const ApplicationParam = Strict({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

/**
 * The platform's public calls (decision 0059): the data APIs a developer token may call and the developer centre
 * documents — one rule for both. Everything else (`/api/account/…`: sign-in, password, sessions, these tokens
 * themselves; the operator's console; kernel internals but the auditor's operation log) refuses a token.
 */
const TOKEN_PREFIXES = ['/api/forms/', '/api/workflow/', '/api/messages', '/api/appcenter/', '/api/iot/', '/api/org/', '/api/kernel/oplog'];
/**
 * Within those, what changes accounts or powers stays with a signed-in person: passwords (a member's own or one an
 * administrator resets), disabling or inviting members, the security policy, role grants and their requests,
 * delegations, changes to roles, and the mail and AI settings (stored secrets; test mails).
 */
const TOKEN_REFUSED = [
  /\/password(\/|$)/,
  /^\/api\/org\/members\/:id\/(status|invitation)$/,
  /^\/api\/org\/security-policy/,
  /^\/api\/org\/grant-requests/,
  /^\/api\/org\/delegations/,
  /^\/api\/org\/mail\//,
  /^\/api\/org\/ai\//,
];
const TOKEN_READ_ONLY = [/^\/api\/org\/roles/, /^\/api\/org\/role-groups/];

/** Whether a developer token may call this route (`url` as Fastify names it, e.g. `/api/org/members/:id`). */
export function tokenMayCall(method: string, url: string): boolean {
  if (!TOKEN_PREFIXES.some((prefix) => url.startsWith(prefix)) || TOKEN_REFUSED.some((pattern) => pattern.test(url))) return false;
  return method === 'GET' || method === 'HEAD' || !TOKEN_READ_ONLY.some((pattern) => pattern.test(url));
}

/** The OpenAPI document of the public calls (served by the server, public). */
export const OPENAPI_PATH = '/api/openapi.json';

/** The smallest OpenAPI 3.1 shape the developer centre reads. */
export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  tags: string[];
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: Array<Record<string, string[]>>;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  tags?: Array<{ name: string; description?: string }>;
  components?: Record<string, unknown>;
}
