import { Type, type Static } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

/** The application store's calls (decisions 0076–0078). The package format is shared/appcenter/package.ts. */
export const STORE_API = '/api/appcenter/store';

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
export const StoreIdParam = Strict({ id: Id });
export const CHANNELS = ['official', 'trial'] as const;
export type Channel = (typeof CHANNELS)[number];
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
const ChannelSchema = Type.Union(CHANNELS.map((c) => Type.Literal(c)));

export const STORE_LIMITS = { label: 30, notes: 1000, reason: 500, bannerTitle: 60, bannerLink: 500 } as const;

export const PublishBody = Strict({
  appId: Id,
  /** What the publisher calls the version (1.0, 2024-06…); unique per store app. */
  label: Type.String({ minLength: 1, maxLength: STORE_LIMITS.label, pattern: '^[0-9A-Za-z][0-9A-Za-z._-]*$' }),
  channel: ChannelSchema,
  notes: Type.String({ maxLength: STORE_LIMITS.notes }),
});
export const InstallBody = Strict({ versionId: Id });
export const RejectBody = Strict({ reason: Type.String({ maxLength: STORE_LIMITS.reason }) });
export const BannerImageQuery = Strict({ lang: Lang, v: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })) });
export const ListedBody = Strict({ listed: Type.Boolean() });
export const ReviewQuery = Strict({
  lang: Lang,
  state: Type.Optional(Type.Union([...REVIEW_STATES.map((s) => Type.Literal(s)), Type.Literal('all')])),
  channel: Type.Optional(ChannelSchema),
});
export const BannerBody = Strict({
  title: Type.String({ minLength: 1, maxLength: STORE_LIMITS.bannerTitle }),
  /** A path of the platform (`/…`) or an http(s) address; empty: the banner links nowhere. */
  link: Type.String({ maxLength: STORE_LIMITS.bannerLink }),
  sort: Type.Integer({ minimum: 0, maximum: 9999 }),
  enabled: Type.Boolean(),
});
export type PublishInput = Static<typeof PublishBody>;
export type BannerInput = Static<typeof BannerBody>;

/** An application of the space the admin may publish (its live, published forms counted). */
export interface PublishSource {
  id: string;
  name: string;
  systemName: string;
  forms: number;
  storeAppId: string | null;
  lastLabel: string | null;
}

/** One submitted version as its publisher and the reviewer see it. */
export interface StoreVersion {
  id: string;
  storeAppId: string;
  appName: string;
  spaceId: string;
  spaceName: string;
  seq: number;
  label: string;
  channel: Channel;
  notes: string;
  forms: number;
  state: ReviewState;
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

/** A released application in the store. */
export interface StoreApp {
  id: string;
  name: string;
  icon: string;
  description: string;
  publisher: string;
  latest: { id: string; label: string; channel: Channel; seq: number } | null;
  installed: { seq: number; label: string } | null;
}

export interface StoreAppDetail extends StoreApp {
  versions: Array<{ id: string; label: string; channel: Channel; seq: number; notes: string; reviewedAt: string | null; forms: string[] }>;
}

/** What the package holds, for the reviewer (never a record: there are none in a package). */
export interface PackageSummary {
  hash: string;
  valid: boolean;
  problems: string[];
  forms: Array<{ name: string; fields: number; views: number; rules: number }>;
  flows: number;
}

export interface InstalledApp {
  storeAppId: string;
  appId: string;
  name: string;
  label: string;
  seq: number;
  installedAt: string;
  updatedAt: string;
  kept: string[];
  update: { id: string; label: string; channel: Channel } | null;
}

/** Root's view of a store application: every version, listed or taken off the store. */
export interface RootStoreApp {
  id: string;
  name: string;
  spaceName: string;
  listed: boolean;
  released: boolean;
  versions: StoreVersion[];
}

export interface Banner {
  id: string;
  title: string;
  link: string;
  sort: number;
  enabled: boolean;
  hasImage: boolean;
  width: number | null;
  height: number | null;
  updatedAt: string;
}

export interface InstallResult {
  appId: string;
  seq: number;
  kept: string[];
}

/** A banner's link: a path of the platform or an http(s) address; nothing that runs script. */
export const bannerLinkOk = (link: string) => link === '' || /^\/(?!\/)[^\s]*$/.test(link) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(link);

export const BANNER_IMAGE = { maxBytes: 2 * 1024 * 1024, minWidth: 600, minHeight: 150, maxSide: 4000, maxPixels: 16_000_000, width: 1600, height: 400 } as const;
