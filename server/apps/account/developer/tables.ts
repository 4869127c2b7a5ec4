import type { ColumnType, Generated } from 'kysely';
import type { ApplicationState, EndedBy } from '../../../../shared/api/account-developer.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** migrations/0001_developer.sql. */
export interface AccountDevApplicationTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  user_id: string;
  reason: string;
  state: Generated<ApplicationState>;
  created_at: Generated<Date>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  note: string | null;
  token_hash: string | null;
  token_last4: string | null;
  collected_at: Timestamp | null;
  ended_at: Timestamp | null;
  ended_by: EndedBy | null;
  last_used_at: Timestamp | null;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    account_dev_application: AccountDevApplicationTable;
  }
}
