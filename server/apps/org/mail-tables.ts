import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The space's outgoing mail server (migration org 0010; decision 0041). `password_sealed` is SecretBox output. */
export interface OrgMailSettingsTable {
  space_id: string;
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user_name: ColumnType<string, string | undefined, string>;
  password_sealed: string | null;
  from_address: string;
  from_name: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

/** A template the space's admin changed, one row per language; absent → the dictionary's default. */
export interface OrgMailTemplateTable {
  space_id: string;
  key: string;
  language: 'zh-CN' | 'en';
  subject: string;
  body: string;
  updated_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_mail_settings: OrgMailSettingsTable;
    org_mail_template: OrgMailTemplateTable;
  }
}
