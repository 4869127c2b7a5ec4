import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Tables of account migration 0001 (personal account security, decisions 0056 and 0057). */
export interface AccountTotpTable {
  user_id: string;
  secret_sealed: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  last_step: ColumnType<string, string | number | undefined, string | number>;
  failures: ColumnType<number, number | undefined, number>;
  locked_until: Nullable;
  created_at: Timestamp;
  enabled_at: Nullable;
}

export interface AccountRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Nullable;
}

export interface AccountPendingSigninsTable {
  id: string;
  user_id: string;
  signin_space: string | null;
  ip: string | null;
  user_agent: string | null;
  expires_at: Date;
}

export interface AccountBindingsTable {
  user_id: string;
  kind: 'email' | 'phone';
  value: string;
  verified_at: Timestamp;
}

export type CodePurpose = 'reset' | 'email' | 'phone';

export interface AccountCodesTable {
  user_id: string;
  purpose: CodePurpose;
  target: string;
  code_hash: string;
  tries: ColumnType<number, number | undefined, number>;
  expires_at: Date;
}

export interface AccountCodeThrottleTable {
  key: string;
  window_start: Date;
  sent: number;
}

export interface AccountPasswordStrengthTable {
  user_id: string;
  strong: boolean;
  noted_at: Timestamp;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    account_totp: AccountTotpTable;
    account_recovery_codes: AccountRecoveryCodesTable;
    account_pending_signins: AccountPendingSigninsTable;
    account_bindings: AccountBindingsTable;
    account_codes: AccountCodesTable;
    account_code_throttle: AccountCodeThrottleTable;
    account_password_strength: AccountPasswordStrengthTable;
  }
}
