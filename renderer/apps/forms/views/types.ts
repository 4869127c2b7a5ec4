import type { ApiRecord } from '../../../../shared/api/forms.ts';
import type { ViewConfig as ViewConfigBody, ViewKind } from '../../../../shared/api/forms.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { RecordLabels } from '../record-form/types.ts';

export type { ViewKind } from '../../../../shared/api/forms.ts';

/** A view's config as the API takes it (ViewConfigSchema), its filter typed as the filter model. */
export type ViewConfig = Omit<ViewConfigBody, 'filter'> & { filter?: FilterGroup };

/** One form of an application as GET /api/forms/apps/{appId}/forms lists it; version 0 = never published. */
export interface AppForm {
  id: string;
  name: string;
  description?: string;
  version: number;
}

export type { FormInfo } from '../../../../shared/api/forms.ts';

/** A saved view; `ownerId` null = shared with everyone (admins only). */
export interface SavedView {
  id: string;
  name: string;
  kind: ViewKind;
  ownerId: string | null;
  config: ViewConfig;
}

/** A record as the list API answers it. */
export type RecordRow = ApiRecord;

/** GET /api/forms/forms/{formId}/records. */
export interface ListAnswer {
  records: RecordRow[];
  nextCursor: string | null;
  total?: { count: number; estimated: boolean };
  labels?: RecordLabels;
}

/** GET /api/forms/forms/{formId}/distinct. */
export interface DistinctAnswer {
  values: Array<{ value: string | number | null; count: number }>;
}

export type JobStatus = 'preparing' | 'complete' | 'failed';

/** GET /api/forms/jobs/{jobId} (imports and exports, spec §4). */
export interface Job {
  id: string;
  kind: 'import' | 'export';
  status: JobStatus;
  total: number | null;
  done: number | null;
  failed: number | null;
  fileName: string | null;
  errorKey: string | null;
  /** The parameters the message names (`max`, `row`, …), when it names any. */
  errorParams?: Record<string, string | number> | null;
}

/** POST /api/forms/forms/{formId}/imports/preview. */
export interface ImportPreview {
  file: { fileId: string; name: string };
  header: unknown[];
  sample: unknown[][];
  fields: FieldDef[];
  mapping: Record<string, string>;
}

/** The sort a list asks for: a form or system field, ascending or descending. */
export interface SortSpec {
  field: string;
  dir: 'asc' | 'desc';
}

/** What every record view of a form gets from the page (board, calendar, occupy, cascade). */
export interface RecordViewProps {
  formId: string;
  fields: readonly FieldDef[];
  filter: FilterGroup | undefined;
  /** Bumped after a change elsewhere on the page, so the view reads its records again. */
  reloadKey: number;
}

/** A view that opens records and may create one (with values prefilled from where the user clicked). */
export interface EditingViewProps extends RecordViewProps {
  canCreate: boolean;
  onOpen(record: RecordRow): void;
  onCreate(prefill: Record<string, unknown>): void;
}
