import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the kernel. Micro-apps extend `Database` through declaration merging in their own files. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SpacesTable {
  id: string;
  name: string;
  status: Generated<SpaceStatus>;
  created_at: Timestamp;
  /** The service provider owning the space, or null for the platform's own (migration 0011, decision 0071). */
  provider_id: string | null;
  status_reason: string | null;
  status_changed_at: Timestamp | null;
  quota_members: number | null;
  quota_apps: number | null;
  quota_storage_mb: number | null;
}

export type SpaceStatus = 'active' | 'suspended' | 'archived';

export interface ProvidersTable {
  id: string;
  name: string;
  status: Generated<'active' | 'disabled'>;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

export interface ProviderMembersTable {
  provider_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  login_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: Generated<'active' | 'disabled' | 'invited'>;
  password_hash: string;
  invite_token_hash: string | null;
  invite_expires_at: Date | null;
  password_changed_at: Generated<Date>;
  failed_logins: Generated<number>;
  locked_until: Date | null;
  default_space_id: string | null;
  created_at: Timestamp;
}

export interface MembershipsTable {
  space_id: string;
  user_id: string;
  roles: string[];
  /** Configuration permissions delegated to this member beyond their roles (decision 0045). */
  delegated: Generated<string[]>;
  status: Generated<'active' | 'disabled'>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  space_id: string | null;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  last_seen_at: Generated<Date>;
}

export interface LoginThrottleTable {
  ip: string;
  window_start: Date;
  failures: number;
}

export interface OplogTable {
  id: Generated<string>;
  at: Timestamp;
  user_id: string | null;
  space_id: string | null;
  action: string;
  target: string | null;
  result: 'ok' | 'denied' | 'failed';
  status: number | null;
  ip: string | null;
  cross_space: Generated<boolean>;
  /** kernel migration 0010: the developer token a call was made with (decision 0058). */
  via_token: ColumnType<string | null, string | null | undefined, never>;
  via: ColumnType<string | null, string | null | undefined, never>;
  via_service: ColumnType<string | null, string | null | undefined, never>;
}

export interface PlatformSettingsTable {
  key: string;
  value: unknown;
  updated_at: Timestamp;
}

export interface PushPayloadsTable {
  id: Generated<string>;
  body: string;
  created_at: Timestamp;
}

export interface OrgDepartmentTable {
  space_id: string;
  id: Generated<string>;
  parent_id: string | null;
  name: string;
  sort: Generated<number>;
  code: Generated<string>;
  disabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrgDepartmentHeadTable {
  space_id: string;
  department_id: string;
  user_id: string;
}

export interface OrgPostTable {
  space_id: string;
  id: Generated<string>;
  code: string;
  name: string;
  department_id: string;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrgMemberPostTable {
  space_id: string;
  user_id: string;
  post_id: string;
  main: Generated<boolean>;
}

export interface OrgMemberDepartmentTable {
  space_id: string;
  user_id: string;
  department_id: string;
}

export interface OrgEnterpriseInfoTable {
  space_id: string;
  short_name: string;
  industry: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  address: string;
  updated_at: Generated<Timestamp>;
}

export interface OrgWorkTimeTable {
  space_id: string;
  week_days: number[];
  periods: Array<{ start: string; end: string }>;
  updated_at: Generated<Timestamp>;
}

export interface OrgWorkDayTable {
  space_id: string;
  /** Read back as 'YYYY-MM-DD' with to_char: no Date, so no time zone can shift it. */
  day: string;
  kind: 'holiday' | 'workday';
  name: Generated<string>;
}

export interface OrgGroupTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  kind: Generated<'public' | 'private'>;
  created_by: string | null;
  /** Null: the administrator's group; a member's id: his personal group (org migration 0018). */
  owner_id: Generated<string | null>;
  created_at: Timestamp;
}

export interface OrgGroupMemberTable {
  space_id: string;
  group_id: string;
  user_id: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  bound_space: string | null;
  body_hash: string | null;
  status: number | null;
  body: string | null;
  created_at: Generated<Date>;
}

export interface LoginFailuresTable {
  login_key: string;
  failures: number;
  window_start: Date;
  locked_until: Date | null;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  spaces: SpacesTable;
  providers: ProvidersTable;
  provider_members: ProviderMembersTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  login_failures: LoginFailuresTable;
  oplog: OplogTable;
  platform_settings: PlatformSettingsTable;
  push_payloads: PushPayloadsTable;
  org_department: OrgDepartmentTable;
  org_member_department: OrgMemberDepartmentTable;
  org_group: OrgGroupTable;
  org_group_member: OrgGroupMemberTable;
  org_department_head: OrgDepartmentHeadTable;
  org_post: OrgPostTable;
  org_member_post: OrgMemberPostTable;
  org_work_time: OrgWorkTimeTable;
  org_work_day: OrgWorkDayTable;
  org_enterprise_info: OrgEnterpriseInfoTable;
}
