import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration console 0004: platform tables of the access pages (decisions 0082–0084). */
export interface PlatformApiKeyTable {
  id: Id;
  name: string;
  scopes: string[];
  secret_hash: string;
  last4: string;
  rate_per_minute: number;
  expires_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export interface PlatformApiKeyMinuteTable {
  key_id: string;
  minute: Date;
  calls: number;
}

export interface PlatformLicenceTable {
  id: Id;
  licence_id: string;
  licensee: string;
  max_spaces: number;
  max_members_per_space: number;
  expires_at: Date;
  body: string;
  signature: string;
  uploaded_by: string | null;
  uploaded_at: Generated<Date>;
}

export interface SmsAccountTable {
  id: Id;
  name: string;
  kind: 'sink' | 'http';
  endpoint: string | null;
  access_key: Generated<string>;
  secret_sealed: string | null;
  created_at: Generated<Date>;
}

export interface SmsSignatureTable {
  id: Id;
  account_id: string;
  text: string;
}

export interface SmsTemplateTable {
  id: Id;
  code: string;
  signature_id: string;
  body: string;
  created_at: Generated<Date>;
}

export interface SmsSendLogTable {
  id: Id;
  space_id: string | null;
  account_id: string | null;
  template_code: string;
  phone: string;
  text: string;
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  /** The sender's key for this message (a notice delivery): sent once however often it is retried. */
  send_key: string | null;
  sent_at: Generated<Date>;
}

export interface AppletSettingsTable {
  id: Generated<boolean>;
  app_id: string;
  secret_sealed: string | null;
  name: string;
  enabled: boolean;
  updated_at: Stamp;
}

export interface AppReleaseTable {
  id: Id;
  platform: 'windows' | 'mac' | 'linux' | 'android' | 'ios';
  version: string;
  notes_zh: string;
  notes_en: string;
  download_url: string;
  sha512: string | null;
  size_bytes: ColumnType<string | null, number | null, number | null>;
  mandatory: boolean;
  published_at: Generated<Date>;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    platform_api_key: PlatformApiKeyTable;
    platform_api_key_minute: PlatformApiKeyMinuteTable;
    platform_licence: PlatformLicenceTable;
    sms_account: SmsAccountTable;
    sms_signature: SmsSignatureTable;
    sms_template: SmsTemplateTable;
    sms_send_log: SmsSendLogTable;
    applet_settings: AppletSettingsTable;
    app_release: AppReleaseTable;
  }
}
