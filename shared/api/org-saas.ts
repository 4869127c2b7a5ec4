import { Type, type Static } from '@sinclair/typebox';
import { Lang, SpaceId, Strict } from './common.ts';

/**
 * The service provider's own console (decisions 0071, 0074, 0075): its spaces and their usage, its
 * settings and defaults, its notices, and the resource and service pages. Objects reject unknown properties.
 */
export const SAAS_API = '/api/org/saas';

export const SpaceParam = Strict({ spaceId: SpaceId });
export const NoticeParam = Strict({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

/** systemmanagement: what the provider shows its spaces about itself. */
export const ProfileBody = Strict({
  displayName: Type.String({ minLength: 1, maxLength: 100 }),
  contactName: Type.String({ maxLength: 100 }),
  contactPhone: Type.String({ maxLength: 30, pattern: '^[0-9+()\\- ]*$' }),
  contactEmail: Type.String({ maxLength: 200, pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' }),
  serviceNote: Type.String({ maxLength: 1000 }),
});
export type Profile = Static<typeof ProfileBody>;

/** A quota: a positive whole number, or null for unlimited. */
const Quota = Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000_000 }), Type.Null()]);

/** saasconsole/appConfig: the provider's defaults for its new spaces (decision 0075). */
export const DefaultsBody = Strict({
  defaultLanguage: Type.Union([Type.Literal('zh-CN'), Type.Literal('en')]),
  quotaMembers: Quota,
  quotaApps: Quota,
  quotaStorageMb: Quota,
});
export type SpaceDefaults = Static<typeof DefaultsBody>;

/** saas/addSaasNotice: to all of the provider's spaces or chosen ones, now (no time) or at a time not in the past. */
export const NoticeBody = Strict({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Type.String({ minLength: 1, maxLength: 4000 }),
  allSpaces: Type.Boolean(),
  spaceIds: Type.Array(SpaceId, { maxItems: 500, uniqueItems: true }),
  scheduledAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
export type NoticeInput = Static<typeof NoticeBody>;

export const NoticeListQuery = Strict({ lang: Lang, state: Type.Optional(Type.Union([Type.Literal('scheduled'), Type.Literal('delivered')])) });

export type SpaceStatus = 'active' | 'suspended' | 'archived';

/** One space as its provider sees it: lifecycle, quotas and what it uses. */
export interface ProviderSpace {
  id: string;
  name: string;
  status: SpaceStatus;
  statusReason: string | null;
  createdAt: string;
  members: number;
  apps: number;
  records: number;
  storageBytes: number;
  quotas: { members: number | null; apps: number | null; storageMb: number | null };
}

export interface SpaceTotals {
  spaces: number;
  members: number;
  apps: number;
  records: number;
  storageBytes: number;
}

export interface ConsoleHome {
  provider: { id: string; name: string };
  spaces: ProviderSpace[];
  totals: SpaceTotals;
}

export interface Summary {
  byStatus: Record<SpaceStatus, number>;
  /** Members who joined the provider's spaces per month (the last six months) and the running total. */
  growth: Array<{ month: string; joined: number; total: number }>;
  /** The largest spaces by members. */
  top: Array<{ id: string; name: string; members: number; records: number; storageBytes: number }>;
}

export interface CustomerDetails {
  space: ProviderSpace;
  usage: Record<string, number>;
  admins: Array<{ id: string; loginId: string; name: string }>;
  apps: Array<{ name: string; createdAt: string }>;
}

export interface ProductRow {
  name: string;
  spaces: number;
  spaceNames: string[];
}

export interface SaasNotice {
  id: string;
  title: string;
  body: string;
  allSpaces: boolean;
  spaceIds: string[];
  scheduledAt: string;
  state: 'scheduled' | 'delivered';
  deliveredAt: string | null;
  deliveredSpaces: number;
  recipients: number;
  createdAt: string;
}

/** sysop/resourceManagement: one row per space the caller may see. */
export interface ResourceRow {
  id: string;
  name: string;
  status: SpaceStatus;
  members: number;
  records: number;
  storageBytes: number;
  /** Every figure the apps report (`app.name`), jobs among them where an app keeps jobs. */
  usage: Record<string, number>;
}

export interface ServiceState {
  id: 'database' | 'pushBus' | 'sockets' | 'maintenance' | 'mqttRelay' | 'outbound';
  state: 'up' | 'down' | 'on' | 'off';
  detail: Record<string, string | number>;
}
