import { Type, type Static } from '@sinclair/typebox';
import { Strict } from './common.ts';

/** Platform access (decisions 0082–0084): the contracts of root's access pages and the platform API. */

// ── Platform API keys ──────────────────────────────────────────────────────────────────────────────────────────
/** The scopes a platform key may hold; each platform API route needs exactly one. */
export const PLATFORM_SCOPES = ['spaces.read', 'usage.read', 'oplog.read'] as const;
export type PlatformScope = (typeof PLATFORM_SCOPES)[number];
export const PLATFORM_API = '/api/platform/v1';
/** The secret's prefix: a leaked platform key is recognisable (and never mistaken for a developer token, `qpd_`). */
export const PLATFORM_KEY_PREFIX = 'qpk_';

export const CreateApiKeyBody = Strict({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  scopes: Type.Array(Type.Union(PLATFORM_SCOPES.map((s) => Type.Literal(s))), { minItems: 1, uniqueItems: true }),
  expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  ratePerMinute: Type.Integer({ minimum: 1, maximum: 10000 }),
});
export type CreateApiKey = Static<typeof CreateApiKeyBody>;

export interface ApiKey {
  id: string;
  name: string;
  scopes: PlatformScope[];
  last4: string;
  ratePerMinute: number;
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}
/** Only the answer of the creation holds `secret`. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

export const PlatformSpacesQuery = Strict({});
export const PlatformOplogQuery = Strict({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })) });

// ── Private-deployment licences ────────────────────────────────────────────────────────────────────────────────
/** The signed body of a licence file (its `body`, a JSON text, is what the signature covers, byte for byte). */
export const LicenceBody = Strict({
  licenceId: Type.String({ minLength: 1, maxLength: 64 }),
  licensee: Type.String({ minLength: 1, maxLength: 200 }),
  maxSpaces: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  maxMembersPerSpace: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  /** An ISO 8601 time (checked with Date.parse: the licence is read outside the request validator). */
  expiresAt: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T', maxLength: 40 }),
});
export type LicenceTerms = Static<typeof LicenceBody>;

/** The licence file: `{ "body": "<JSON of LicenceBody>", "signature": "<base64 Ed25519 over body>" }`. */
export const LicenceFile = Strict({
  body: Type.String({ minLength: 2, maxLength: 4000 }),
  signature: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LicenceFileShape = Static<typeof LicenceFile>;

export interface LicenceState {
  licence: (LicenceTerms & { uploadedAt: string; expired: boolean }) | null;
  /** What is in use against the limits. */
  spaces: number;
  largestSpaceMembers: number;
  /** Whether the server has a public key to check licences with. */
  keyConfigured: boolean;
}

// ── SMS ────────────────────────────────────────────────────────────────────────────────────────────────────────
export const SMS_KINDS = ['sink', 'http'] as const;
export const SmsAccountBody = Strict({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  kind: Type.Union(SMS_KINDS.map((k) => Type.Literal(k))),
  endpoint: Type.Optional(Type.Union([Type.String({ pattern: '^https?://', maxLength: 500 }), Type.Null()])),
  accessKey: Type.Optional(Type.String({ maxLength: 200 })),
  /** Omitted on an edit: the stored secret stays. */
  secret: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
});
export interface SmsAccount {
  id: string;
  name: string;
  kind: (typeof SMS_KINDS)[number];
  endpoint: string | null;
  accessKey: string;
  /** Whether a secret is stored; the secret itself is never answered. */
  hasSecret: boolean;
}
export const SmsSignatureBody = Strict({ accountId: Type.String({ pattern: '^[0-9]{1,18}$' }), text: Type.String({ minLength: 2, maxLength: 20 }) });
export interface SmsSignature {
  id: string;
  accountId: string;
  accountName: string;
  text: string;
}
export const SmsTemplateBody = Strict({
  code: Type.String({ pattern: '^[a-z][a-z0-9_.-]{1,39}$' }),
  signatureId: Type.String({ pattern: '^[0-9]{1,18}$' }),
  body: Type.String({ minLength: 1, maxLength: 500 }),
});
export interface SmsTemplate {
  id: string;
  code: string;
  signatureId: string;
  signature: string;
  body: string;
  placeholders: string[];
}
export const SmsTestBody = Strict({
  template: Type.String({ maxLength: 40 }),
  phone: Type.String({ pattern: '^\\+?[0-9]{5,20}$' }),
  params: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.]{1,40}$' }), Type.String({ maxLength: 100 })),
});
export interface SmsLogEntry {
  id: string;
  spaceId: string | null;
  account: string | null;
  templateCode: string;
  phone: string;
  text: string;
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  sentAt: string;
}

/** The `<%name%>` markers of a template, in order of first use. */
export function templatePlaceholders(body: string): string[] {
  return [...new Set([...body.matchAll(/<%\s*([A-Za-z0-9_.]+)\s*%>/g)].map((m) => m[1]!))];
}

// ── Applet and app versions ────────────────────────────────────────────────────────────────────────────────────
export const AppletBody = Strict({
  appId: Type.String({ pattern: '^[A-Za-z0-9_-]{4,64}$' }),
  name: Type.String({ maxLength: 60 }),
  enabled: Type.Boolean(),
  secret: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export interface AppletSettings {
  appId: string;
  name: string;
  enabled: boolean;
  hasSecret: boolean;
}
export const RELEASE_PLATFORMS = ['windows', 'mac', 'linux', 'android', 'ios'] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];
export const DESKTOP_PLATFORMS: readonly ReleasePlatform[] = ['windows', 'mac', 'linux'];
/** electron-updater's generic feed file per desktop platform, served under UPDATE_FEED_PATH. */
export const FEED_FILES: Record<string, ReleasePlatform> = { 'latest.yml': 'windows', 'latest-mac.yml': 'mac', 'latest-linux.yml': 'linux' };
export const UPDATE_FEED_PATH = '/api/desktop/update';
export const ReleaseBody = Strict({
  platform: Type.Union(RELEASE_PLATFORMS.map((p) => Type.Literal(p))),
  version: Type.String({ pattern: '^[0-9]{1,4}\\.[0-9]{1,4}\\.[0-9]{1,6}$' }),
  notesZh: Type.String({ maxLength: 2000 }),
  notesEn: Type.String({ maxLength: 4000 }),
  downloadUrl: Type.String({ pattern: '^https?://', maxLength: 500 }),
  /** electron-updater checks the download against it (base64 SHA-512); required for desktop platforms. */
  sha512: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Za-z0-9+/]{86}==$' }), Type.Null()])),
  sizeBytes: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  mandatory: Type.Boolean(),
});
export interface AppRelease {
  id: string;
  platform: ReleasePlatform;
  version: string;
  notesZh: string;
  notesEn: string;
  downloadUrl: string;
  sha512: string | null;
  sizeBytes: number | null;
  mandatory: boolean;
  publishedAt: string;
}

// ── Help centre and news ───────────────────────────────────────────────────────────────────────────────────────
export const ARTICLE_KINDS = ['news', 'help'] as const;
export const ArticleBody = Strict({
  kind: Type.Union(ARTICLE_KINDS.map((k) => Type.Literal(k))),
  category: Type.Union([Type.Literal('start'), Type.Literal('forms'), Type.Literal('workflow'), Type.Null()]),
  titleZh: Type.String({ minLength: 1, maxLength: 120 }),
  titleEn: Type.String({ minLength: 1, maxLength: 200 }),
  summaryZh: Type.String({ maxLength: 300 }),
  summaryEn: Type.String({ maxLength: 600 }),
  /** Rich text (HTML); the server keeps only what its sanitiser allows. */
  bodyZh: Type.String({ minLength: 1, maxLength: 20000 }),
  bodyEn: Type.String({ minLength: 1, maxLength: 40000 }),
  pinned: Type.Boolean(),
  hidden: Type.Boolean(),
  sort: Type.Integer({ minimum: 0, maximum: 10000 }),
});
export type ArticleInput = Static<typeof ArticleBody>;
export const ArticleListQuery = Strict({ kind: Type.Optional(Type.Union(ARTICLE_KINDS.map((k) => Type.Literal(k)))) });
export interface ManagedArticle extends ArticleInput {
  id: string;
  /** False for a plain-text article written before the editor (its paragraphs become HTML when saved). */
  rich: boolean;
  publishedAt: string;
}
