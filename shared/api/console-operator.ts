import { Type, type Static } from '@sinclair/typebox';
import { Lang, RoleName, SpaceId, Strict } from './common.ts';

/** Accounts of the whole platform (`/sysop/user`): a page at a time, newest ids last. */
export const OPERATOR_USER_PAGE = 20;
export const OperatorUserQuery = Strict({
  lang: Lang,
  q: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('locked'), Type.Literal('invited')])),
});

export interface OperatorUserRow {
  id: string;
  loginId: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: 'active' | 'disabled' | 'invited';
  /** Disabled by an operator or an administrator, or held back by too many wrong passwords. */
  locked: boolean;
  /** Until when wrong passwords hold the login name back (null: not held back). */
  lockedUntil: string | null;
  spaces: number;
  createdAt: string;
}

export interface OperatorUserPage {
  users: OperatorUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OperatorMembership {
  spaceId: string;
  spaceName: string;
  spaceStatus: string;
  roles: string[];
  status: 'active' | 'disabled';
}

export interface OperatorUserDetail extends OperatorUserRow {
  memberships: OperatorMembership[];
  activeSessions: number;
}

/** A reset issues a one-time link (the invitation page) valid this long; the old password stops working at once. */
export const RESET_LINK_HOURS = 24;

export interface ResetAnswer {
  /** Shown to the operator once; only its hash is stored. */
  link: string;
  expiresAt: string;
}

export const OperatorMembershipBody = Strict({ roles: Type.Array(RoleName, { minItems: 1, uniqueItems: true }) });

/** Announcements (`/root/opNotice`) and planned maintenance (`/root/offlineNotice`). */
export const NOTICE_KINDS = ['announcement', 'maintenance'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const Title = (max: number) => Type.String({ minLength: 1, maxLength: max });
export const NoticeBody = Strict({
  titleZh: Title(120),
  titleEn: Title(200),
  bodyZh: Type.Optional(Type.String({ maxLength: 2000 })),
  bodyEn: Type.Optional(Type.String({ maxLength: 4000 })),
  /** When it is shown and delivered (announcement) or when maintenance starts (maintenance); never in the past. */
  startsAt: Type.String({ format: 'date-time' }),
  /** Announcements: the banner shows until then (default: a week after the start). */
  endsAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  /** Announcements: the spaces it goes to; absent or empty: every active space. */
  spaceIds: Type.Optional(Type.Array(SpaceId, { maxItems: 500, uniqueItems: true })),
});
export type NoticeInput = Static<typeof NoticeBody>;

export const NoticeListQuery = Strict({ lang: Lang, kind: Type.Union([Type.Literal('announcement'), Type.Literal('maintenance')]) });

export type NoticeState = 'scheduled' | 'done' | 'cancelled';

export interface OperatorNotice {
  id: string;
  kind: NoticeKind;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  startsAt: string;
  endsAt: string | null;
  spaceIds: string[] | null;
  state: NoticeState;
  doneAt: string | null;
  /** Announcements: members it was delivered to. */
  delivered: number | null;
  createdAt: string;
}

/** What the shell's banner shows a signed-in person, in their language. */
export interface BannerItem {
  id: string;
  kind: NoticeKind;
  title: string;
  body: string;
  startsAt: string;
}
export interface BannerAnswer {
  items: BannerItem[];
  /** The server's time, so a countdown is right whatever the reader's clock says. */
  serverTime: string;
}

/** Platform settings (`/root/systemConfig`): one row of `platform_settings`, overriding the environment. */
export const UPLOAD_MB_MAX = 50;
export const PlatformSettingsSchema = Strict({
  registrationOpen: Type.Boolean(),
  defaultLanguage: Type.Union([Type.Literal('zh-CN'), Type.Literal('en')]),
  uploadMaxMb: Type.Integer({ minimum: 1, maximum: UPLOAD_MB_MAX }),
  desktopUpdateFeed: Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: 500 }), Type.Null()]),
  desktopDownloadUrl: Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: 500 }), Type.Null()]),
});
export type PlatformSettings = Static<typeof PlatformSettingsSchema>;
export const PlatformSettingsBody = Type.Partial(PlatformSettingsSchema, { additionalProperties: false, minProperties: 1 });

/** The platform's roles and their named permissions, with root's changes (`/root/role`, `/root/perMange`). */
export const RolePermissionBody = Strict({ held: Type.Boolean() });
export const RolePermissionParam = Strict({ role: RoleName, permission: Type.String({ pattern: '^[a-z]+(\\.[A-Za-z]+){1,3}$', maxLength: 80 }) });

export interface RolePermissionCell {
  permission: string;
  /** Whether the role holds it now. */
  held: boolean;
  /** Whether that differs from the built-in table (shared/permissions.ts). */
  changed: boolean;
  /** Root's console permissions cannot be taken from root. */
  locked: boolean;
}
export interface RolePermissionRow {
  role: string;
  members: number;
  permissions: RolePermissionCell[];
}
