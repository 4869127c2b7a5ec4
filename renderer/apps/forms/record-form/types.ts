import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';

/** Names of the ids a record points at, as the record APIs answer them (`labels` of server/apps/forms/labels.ts). */
export interface RecordLabels {
  users?: Record<string, string>;
  departments?: Record<string, string>;
  /** Per relation field key: related record id → its display text. */
  relations?: Record<string, Record<string, string>>;
}

/** What every field input gets; `path` names the value in FieldError paths (`f7.2.f9` inside a sub-table). */
export interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  onChange(value: unknown): void;
  path: string;
  /** The errors of this field and, for a sub-table, of its cells. */
  errors: FieldError[];
  labels?: RecordLabels;
  disabled?: boolean;
}

export interface DirectoryUser {
  id: string;
  name: string;
}
export interface DirectoryDepartment {
  id: string;
  name: string;
  parentId: string | null;
}
/** `data` of GET /api/forms/directory. */
export interface Directory {
  users: DirectoryUser[];
  departments: DirectoryDepartment[];
}
