import type { ColumnType, Generated } from 'kysely';
import type { FormDefinition } from '../../../shared/forms/fields.ts';

/** Kysely types of the forms app's shared tables; the per-form record tables are reached with `sql` only. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** A form definition as written: JSON made only by definitions.ts storedDefinition, which cleans its rich text. */
export type StoredDefinition = string & { readonly stored: unique symbol };
type Definition = ColumnType<FormDefinition, StoredDefinition, StoredDefinition>;

export interface FormsFormTable {
  space_id: string;
  id: Generated<string>;
  app_id: string;
  name: string;
  description: Generated<string>;
  sort: Generated<number>;
  draft: Definition;
  draft_updated_at: Timestamp;
  version: Generated<number>;
  highest_key: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the form is in the recycle bin (migration 0007). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FormsVersionTable {
  space_id: string;
  form_id: string;
  version: number;
  definition: Definition;
  published_by: string | null;
  published_at: Timestamp;
}

export interface FormsNumberSeqTable {
  space_id: string;
  form_id: string;
  period: string;
  last: string;
}

export interface FormsRuleTable {
  space_id: string;
  id: Generated<string>;
  form_id: string;
  name: string;
  subject_kind: 'role' | 'group' | 'user';
  subject: string;
  levels: string[];
  scope: 'all' | 'own' | 'department' | 'condition';
  condition: Json<unknown> | null;
  hidden_fields: Generated<string[]>;
  created_at: Timestamp;
}

export interface FormsShareTable {
  space_id: string;
  form_id: string;
  record_id: string;
  user_id: string;
  level: 'view' | 'modify';
  created_by: string;
  created_at: Timestamp;
}

export interface FormsCommentTable {
  space_id: string;
  id: Generated<string>;
  form_id: string;
  record_id: string;
  author_id: string;
  content: string;
  attachments: Json<unknown[]>;
  created_at: Timestamp;
}

export interface FormsViewTable {
  space_id: string;
  id: Generated<string>;
  form_id: string;
  name: string;
  kind: 'list' | 'board' | 'calendar' | 'occupy' | 'cascade';
  owner_id: string | null;
  config: Json<Record<string, unknown>>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormsFileTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Buffer;
  purpose: 'attachment' | 'image' | 'import';
  uploaded_by: string;
  created_at: Timestamp;
}

export interface FormsJobTable {
  space_id: string;
  id: Generated<string>;
  form_id: string;
  user_id: string;
  kind: 'import' | 'export';
  status: Generated<'preparing' | 'complete' | 'failed'>;
  params: Json<Record<string, unknown>>;
  file_id: string | null;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  cursor: Generated<number>;
  output_name: string | null;
  /** Bytes of the finished export, which is stored in forms_export_part. */
  output_size: string | null;
  error_key: string | null;
  /** The parameters of the failure's message (`max`, `row`, …). */
  error_params: Json<Record<string, string | number> | null> | null;
  system_name: Generated<string>;
  app_name: Generated<string>;
  created_at: Timestamp;
  finished_at: Date | null;
}

/** A finished export's bytes in order, a MiB a part (decision 0109). */
export interface FormsExportPartTable {
  space_id: string;
  job_id: string;
  seq: number;
  bytes: Buffer;
  stored_at: Generated<Date>;
}

export interface FormsImportFailureTable {
  space_id: string;
  job_id: string;
  row_no: number;
  reason: string;
  cells: Json<unknown[]>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    forms_form: FormsFormTable;
    forms_version: FormsVersionTable;
    forms_number_seq: FormsNumberSeqTable;
    forms_rule: FormsRuleTable;
    forms_share: FormsShareTable;
    forms_comment: FormsCommentTable;
    forms_view: FormsViewTable;
    forms_file: FormsFileTable;
    forms_job: FormsJobTable;
    forms_export_part: FormsExportPartTable;
    forms_import_failure: FormsImportFailureTable;
  }
}

export interface FormsFileRefTable {
  space_id: string;
  file_id: string;
  form_id: string;
  record_id: string;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    forms_file_ref: FormsFileRefTable;
  }
}
