import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the store's tables (migration 0004_store.sql). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface StoreAppTable {
  space_id: string;
  id: Generated<string>;
  source_app_id: string;
  name: string;
  icon: string;
  description: string;
  released: Generated<boolean>;
  listed: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoreVersionTable {
  space_id: string;
  id: Generated<string>;
  store_app_id: string;
  seq: number;
  label: string;
  channel: 'trial' | 'official';
  notes: string;
  package: Json<unknown>;
  hash: string;
  forms: number;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  submitted_by: string;
  submitted_at: Timestamp;
  reviewed_by: string | null;
  reviewed_at: Date | null;
}

export interface StoreInstallTable {
  space_id: string;
  store_app_id: string;
  version_id: string;
  seq: number;
  app_id: string;
  refs: Json<Record<string, string>>;
  kept: ColumnType<string[], string[] | undefined, string[]>;
  installed_by: string;
  installed_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoreBannerTable {
  id: Generated<string>;
  title: string;
  link: string;
  sort: number;
  enabled: boolean;
  image: Buffer | null;
  width: number | null;
  height: number | null;
  updated_at: Timestamp;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    appcenter_store_app: StoreAppTable;
    appcenter_store_version: StoreVersionTable;
    appcenter_store_install: StoreInstallTable;
    appcenter_store_banner: StoreBannerTable;
  }
}
