import { Type } from '@sinclair/typebox';
import { SEARCH_RESULTS_CAP } from '../constants.ts';
import { Strict } from './common.ts';

/**
 * Application centre (spec §2.7, §2.8): a space's systems group its applications. The limits match the checks
 * of server/apps/appcenter/migrations/0001_appcenter.sql, so the database never has to refuse what passed here.
 */
export const APPCENTER_LIMITS = {
  name: 60,
  icon: 40,
  description: 500,
  sortMax: 99999,
  query: 60,
  /** Spec §5/§9: search shows only the first 600 results. */
  searchResults: SEARCH_RESULTS_CAP,
  reorder: 500,
} as const;

/** The roles an app may be limited to (root is the platform operator, never a member of a space's apps). */
export const APP_ROLES = ['saas', 'admin', 'user', 'safe', 'audit'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Icon names the renderer knows (renderer/apps/appcenter/icons.tsx); other names show a default icon. */
export const APPCENTER_ICONS = ['apps', 'app', 'tool', 'storage', 'dashboard', 'file', 'user', 'calendar', 'settings', 'home'] as const;

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
// At least one non-blank character: the server trims names, and a blank one would become empty.
const Name = Type.String({ minLength: 1, maxLength: APPCENTER_LIMITS.name, pattern: '\\S' });
const Icon = Type.String({ minLength: 1, maxLength: APPCENTER_LIMITS.icon, pattern: '^[A-Za-z0-9_-]+$' });
const Description = Type.String({ maxLength: APPCENTER_LIMITS.description });
const Sort = Type.Integer({ minimum: 0, maximum: APPCENTER_LIMITS.sortMax });
const Roles = Type.Array(Type.Union(APP_ROLES.map((role) => Type.Literal(role))), { maxItems: APP_ROLES.length, uniqueItems: true });
/** Optimistic concurrency: the `updatedAt` the editor saw; a different current value answers 409. */
const SeenUpdatedAt = Type.String({ minLength: 1, maxLength: 40 });
/** The request language (`?lang=en`, spec §7) is allowed on every call; nothing else unknown is. */
const lang = Type.Optional(Type.String({ maxLength: 16 }));

export const AppcenterQuery = Strict({ lang });

export const CreateSystemBody = Strict({
  name: Name,
  icon: Type.Optional(Icon),
  description: Type.Optional(Description),
  sort: Type.Optional(Sort),
});

export const UpdateSystemBody = Strict({
  name: Type.Optional(Name),
  icon: Type.Optional(Icon),
  description: Type.Optional(Description),
  sort: Type.Optional(Sort),
  updatedAt: SeenUpdatedAt,
});

export const CreateAppBody = Strict({
  systemId: Id,
  name: Name,
  icon: Type.Optional(Icon),
  description: Type.Optional(Description),
  sort: Type.Optional(Sort),
  roles: Type.Optional(Roles),
});

export const UpdateAppBody = Strict({
  /** Moves the app to another system of the space. */
  systemId: Type.Optional(Id),
  name: Type.Optional(Name),
  icon: Type.Optional(Icon),
  description: Type.Optional(Description),
  sort: Type.Optional(Sort),
  roles: Type.Optional(Roles),
  updatedAt: SeenUpdatedAt,
});

/** New order: `ids[i]` gets sort `i`. Systems of the space, or apps of one system. */
export const ReorderSystemsBody = Strict({ ids: Type.Array(Id, { minItems: 1, maxItems: APPCENTER_LIMITS.reorder, uniqueItems: true }) });
export const ReorderAppsBody = Strict({
  systemId: Id,
  ids: Type.Array(Id, { minItems: 1, maxItems: APPCENTER_LIMITS.reorder, uniqueItems: true }),
});

export const SearchAppsQuery = Strict({
  q: Type.Optional(Type.String({ maxLength: APPCENTER_LIMITS.query })),
  systemId: Type.Optional(Id),
  lang,
});

export const RecycleQuery = Strict({ systemId: Type.Optional(Id), lang });

/** Answers (dates travel as ISO strings). */
export interface AppcenterApp {
  id: string;
  systemId: string;
  name: string;
  icon: string;
  description: string;
  sort: number;
  roles: AppRole[];
  createdAt: string;
  updatedAt: string;
}

export interface RecycledApp extends AppcenterApp {
  deletedAt: string;
  deletedBy: string | null;
}

export interface AppcenterSystem {
  id: string;
  name: string;
  icon: string;
  description: string;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

export interface SystemWithApps extends AppcenterSystem {
  apps: AppcenterApp[];
}
