import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Day = ColumnType<string | null, string | null | undefined, string | null>;

/** A member's user information in a space (spec §3; migration org 0006). */
export interface OrgMemberProfileTable {
  space_id: string;
  user_id: string;
  gender: 'male' | 'female' | null;
  birthday: Day;
  qq: string | null;
  id_card: string | null;
  address: ColumnType<string, string | undefined, string>;
  signature: ColumnType<string, string | undefined, string>;
  extension: ColumnType<string, string | undefined, string>;
  entry_date: Day;
  job_description: ColumnType<string, string | undefined, string>;
  superior_id: string | null;
  updated_at: Timestamp;
}

export interface OrgMemberImportTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  user_id: string;
  file_name: string;
  total: number;
  imported: number;
  failed: number;
  failures: Buffer | null;
  created_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_member_profile: OrgMemberProfileTable;
    org_member_import: OrgMemberImportTable;
  }
}

export interface OrgRoleGroupTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  name: string;
  kind: ColumnType<'public' | 'private', 'public' | 'private' | undefined, 'public' | 'private'>;
  sensitive: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface OrgRoleTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  group_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface OrgRoleMemberTable {
  space_id: string;
  role_id: string;
  user_id: string;
}

export interface OrgGrantRequestTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  user_id: string;
  kind: 'platformRole' | 'enterpriseRole' | 'permission';
  action: 'grant' | 'revoke';
  platform_role: 'admin' | 'safe' | 'audit' | null;
  role_id: string | null;
  /** A delegable console permission (decision 0045), for kind `permission`. */
  permission: ColumnType<string | null, string | null | undefined, never>;
  reason: string;
  requested_by: string;
  requested_at: Timestamp;
  state: ColumnType<'pending' | 'approved' | 'rejected' | 'withdrawn', 'pending' | undefined, 'approved' | 'rejected' | 'withdrawn'>;
  decided_by: string | null;
  decided_at: Date | null;
  decision_note: string | null;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_role_group: OrgRoleGroupTable;
    org_role: OrgRoleTable;
    org_role_member: OrgRoleMemberTable;
    org_grant_request: OrgGrantRequestTable;
  }
}

export interface OrgJoinApplicationTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  login_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  message: ColumnType<string, string | undefined, string>;
  password_hash: string;
  token_hash: string;
  ip: string | null;
  state: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  decided_by: string | null;
  decided_at: Date | null;
  note: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

export interface OrgSpaceRequestTable {
  id: ColumnType<string, never, never>;
  enterprise_name: string;
  contact_name: string;
  phone: string;
  email: string;
  admin_login_id: string;
  password_hash: string;
  message: ColumnType<string, string | undefined, string>;
  token_hash: string;
  ip: string | null;
  state: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  decided_by: string | null;
  decided_at: Date | null;
  note: string | null;
  created_space_id: string | null;
  created_at: Timestamp;
}

/** Attempts at the public forms per `form@address` in the current hour's window (registration.ts). */
export interface OrgFormAttemptsTable {
  key: string;
  window_start: Date;
  attempts: number;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_join_application: OrgJoinApplicationTable;
    org_space_request: OrgSpaceRequestTable;
    org_form_attempts: OrgFormAttemptsTable;
  }
}
