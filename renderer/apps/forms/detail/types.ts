import type { FieldDef, FileRef } from '../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { RecordLabels } from '../record-form/types.ts';

/** `data` of GET /api/forms/forms/{formId} (server/apps/forms/record-routes.ts): the fields this user may see. */
export interface FormInfo {
  id: string;
  name: string;
  appId: string;
  appName: string;
  systemName: string;
  version: number;
  fields: FieldDef[];
  can: { design: boolean; monitor: boolean };
}

/** A record as the record APIs answer it (toApiRecord of server/apps/forms/storage.ts). */
export interface ApiRecord {
  id: string;
  number: string | null;
  ownerId: string | null;
  ownerDeptId?: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  handlerId: string | null;
  createdAt: string;
  updatedAt: string;
  rowVersion: number;
  formVersion?: number;
  deletedAt?: string;
  values: Record<string, unknown>;
}

export interface RecordCan {
  modify: boolean;
  delete: boolean;
  share: boolean;
  transfer: boolean;
}

/** `data` of GET /api/forms/forms/{formId}/records/{id}. */
export interface RecordAnswer {
  record: ApiRecord;
  can: RecordCan;
  labels: RecordLabels;
}

export type ShareLevel = 'view' | 'modify';
export interface Share {
  userId: string;
  name: string;
  level: ShareLevel;
}

export interface Comment {
  id: string;
  authorId?: string;
  authorName: string;
  content: string;
  attachments: FileRef[] | null;
  createdAt: string;
}

/** The directory answer carries the login id too (server/apps/forms/files-routes.ts), shown to tell namesakes apart. */
export interface Member {
  id: string;
  name: string;
  loginId?: string;
}

export type RuleLevel = 'view' | 'modify' | 'delete' | 'monitor';
export type RuleScope = 'all' | 'own' | 'department' | 'condition';
export type SubjectKind = 'role' | 'group' | 'user';

/** A record permission rule of §6 (server/apps/forms/views-routes.ts). */
export interface Rule {
  id: string;
  name: string;
  subjectKind: SubjectKind;
  subject: string;
  levels: RuleLevel[];
  scope: RuleScope;
  condition: FilterGroup | null;
  hiddenFields: string[];
}
export type RuleInput = Omit<Rule, 'id' | 'condition'> & { condition?: FilterGroup };

export interface Group {
  id: string;
  name: string;
}

export interface QrCode {
  id: string;
  url: string;
  svg: string;
  lines: Array<{ label: string; value: string }>;
}
