import type { ColumnType } from 'kysely';

/** Which §3 fields members see on each other's address-book cards (migration org 0009; decision 0038). */
export interface OrgContactSettingTable {
  space_id: string;
  visible_fields: string[];
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_contact_setting: OrgContactSettingTable;
  }
}
