import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns come back as strings (server/kernel/db/pool.ts). */
type BigIntColumn<Null = never> = ColumnType<string | Null, number | string | Null, number | string | Null>;

/** The space's AI model connection (migration org 0015; decision 0047). `key_sealed` is SecretBox output. */
export interface OrgAiSettingsTable {
  space_id: string;
  enabled: boolean;
  base_url: string;
  model: string;
  key_sealed: string | null;
  timeout_seconds: number;
  monthly_token_budget: BigIntColumn<null>;
  roles: string[];
  updated_at: Timestamp;
}

/** One AI call that went out, answered or failed. */
export interface OrgAiUsageTable {
  space_id: string;
  id: Generated<string>;
  user_id: string | null;
  feature: string;
  tokens_in: number;
  tokens_out: number;
  ok: boolean;
  failure: string | null;
  latency_ms: number;
  at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_ai_settings: OrgAiSettingsTable;
    org_ai_usage: OrgAiUsageTable;
  }
}
