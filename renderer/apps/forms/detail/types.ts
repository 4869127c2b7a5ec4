import type { FieldDef, FileRef } from '../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { RecordLabels } from '../record-form/types.ts';

/** Answer shapes shared with the server (shared/api/forms.ts). */
export type { ApiRecord, FormInfo } from '../../../../shared/api/forms.ts';
import type { ApiRecord } from '../../../../shared/api/forms.ts';

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
