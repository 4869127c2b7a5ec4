import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The provider's name and contacts shown to its spaces (migration org 0030). Provider-owned: forced RLS. */
export interface OrgSaasProfileTable {
  provider_id: string;
  display_name: string;
  contact_name: Defaulted<string>;
  contact_phone: Defaulted<string>;
  contact_email: Defaulted<string>;
  service_note: Defaulted<string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** The provider's defaults for its new spaces (decision 0075). */
export interface OrgSaasDefaultsTable {
  provider_id: string;
  default_language: Defaulted<'zh-CN' | 'en'>;
  quota_members: number | null;
  quota_apps: number | null;
  quota_storage_mb: number | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface OrgSaasNoticeTable {
  provider_id: string;
  id: ColumnType<string, never, never>;
  title: string;
  body: string;
  all_spaces: boolean;
  space_ids: Defaulted<string[]>;
  scheduled_at: Timestamp;
  state: Defaulted<'scheduled' | 'delivered'>;
  delivered_at: Date | null;
  delivered_spaces: Defaulted<number>;
  recipients: Defaulted<number>;
  created_by: string;
  created_at: Timestamp;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    org_saas_profile: OrgSaasProfileTable;
    org_saas_defaults: OrgSaasDefaultsTable;
    org_saas_notice: OrgSaasNoticeTable;
  }
}
