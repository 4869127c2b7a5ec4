import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PAGE_SIZE_MAX } from '../constants.ts';
import { FIELD_TYPES, type FieldDef } from '../forms/fields.ts';
import { OPERATORS } from '../forms/filters.ts';
import type { SharingAllowed } from '../org/data-sharing.ts';
import { Lang, Strict } from './common.ts';

/** Request schemas of the forms micro-app (server/apps/forms). Semantics (§5 rules) live in shared/forms. */
export const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
export const FormParams = Strict({ formId: Id });
export const RecordParams = Strict({ formId: Id, id: Id });
export const AppParams = Strict({ appId: Id });

const Label = Type.String({ minLength: 1, maxLength: 60 });
const Scalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number()]);

const fieldProperties = {
  key: Type.String({ pattern: '^f[0-9]{1,6}$' }),
  type: Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))),
  label: Type.String({ maxLength: 200 }),
  required: Type.Optional(Type.Boolean()),
  title: Type.Optional(Type.Boolean()),
  defaultValue: Type.Optional(Type.Unknown()),
  width: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('half'), Type.Literal('third')])),
  section: Type.Optional(Type.String({ maxLength: 60 })),
  options: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 300 })),
  decimals: Type.Optional(Type.Integer()),
  numberRule: Type.Optional(
    Strict({
      kind: Type.Union([Type.Literal('greater'), Type.Literal('less'), Type.Literal('between')]),
      min: Type.Optional(Type.Number()),
      max: Type.Optional(Type.Number()),
    }),
  ),
  maxFiles: Type.Optional(Type.Integer()),
  maxFileSize: Type.Optional(Type.Integer()),
  numbering: Type.Optional(
    Strict({
      prefix: Type.String({ maxLength: 40 }),
      datePart: Type.Union([Type.Literal('none'), Type.Literal('yyyy'), Type.Literal('yyyyMM'), Type.Literal('yyyyMMdd')]),
      digits: Type.Integer(),
    }),
  ),
  relation: Type.Optional(Strict({ formId: Type.String({ maxLength: 20 }), displayField: Type.Optional(Type.String({ maxLength: 10 })) })),
};
const Column = Strict(fieldProperties);
export const FieldSchema = Strict({ ...fieldProperties, columns: Type.Optional(Type.Array(Column, { maxItems: 60 })) });
export const DefinitionSchema = Strict({ fields: Type.Array(FieldSchema, { maxItems: 250 }) });

export const CreateFormBody = Strict({ appId: Id, name: Label, description: Type.Optional(Type.String({ maxLength: 500 })) });
export const SaveDraftBody = Strict({ definition: DefinitionSchema, draftUpdatedAt: Type.String({ maxLength: 40 }) });
export const RenameFormBody = Strict({ name: Label, description: Type.Optional(Type.String({ maxLength: 500 })) });
/** A copy of a form's design (never its records) under a new name. */
export const CopyFormBody = Strict({ name: Label });
/** The app's forms in their new order (every live form of the app, each once). */
export const FormOrderBody = Strict({ formIds: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) });

/** Values are checked field by field by shared/forms/validate.ts (422 per field), not by this schema. */
const Values = Type.Record(Type.String({ pattern: '^f[0-9]{1,6}$' }), Type.Unknown());
export const CreateRecordBody = Strict({ values: Values });
export const UpdateRecordBody = Strict({ values: Values, rowVersion: Type.Integer({ minimum: 1 }) });
export const IdsBody = Strict({ ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) });
export const ShareBody = Strict({
  userIds: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
  level: Type.Union([Type.Literal('view'), Type.Literal('modify')]),
});
export const TransferBody = Strict({ userId: Id });
export const ShareParams = Strict({ formId: Id, id: Id, userId: Id });

const ConditionSchema = Strict({
  field: Type.String({ maxLength: 20 }),
  op: Type.Union(OPERATORS.map((o) => Type.Literal(o))),
  value: Type.Optional(Type.Union([Scalar, Type.Array(Scalar, { maxItems: 200 })])),
});
const group = (items: TSchema) => Strict({ logic: Type.Union([Type.Literal('and'), Type.Literal('or')]), items: Type.Array(items, { maxItems: 50 }) });
/** Filters nest up to four groups deep (FILTER_LIMITS.depth). */
export const FilterSchema = group(Type.Union([ConditionSchema, group(Type.Union([ConditionSchema, group(Type.Union([ConditionSchema, group(ConditionSchema)]))]))]));

/** List query: `filter` is JSON text in the query string; page size is §5's positive integer of at most three digits. */
export const ListQuery = Strict({
  filter: Type.Optional(Type.String({ maxLength: 8000 })),
  sort: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,20}:(asc|desc)$' })),
  columns: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,20}(,[A-Za-z0-9]{1,20}){0,249}$' })),
  cursor: Type.Optional(Type.String({ maxLength: 1000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 50 })),
  count: Type.Optional(Type.Boolean()),
  /** With count: the user asked for the exact figure (a longer time budget than every page's). */
  exactCount: Type.Optional(Type.Boolean()),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  lang: Lang,
});
export const DistinctQuery = Strict({ field: Type.String({ pattern: '^f[0-9]{1,6}$' }), filter: Type.Optional(Type.String({ maxLength: 8000 })), lang: Lang });

export const RuleBody = Strict({
  name: Label,
  subjectKind: Type.Union([Type.Literal('role'), Type.Literal('group'), Type.Literal('user')]),
  subject: Type.String({ minLength: 1, maxLength: 40 }),
  levels: Type.Array(Type.Union([Type.Literal('view'), Type.Literal('modify'), Type.Literal('delete'), Type.Literal('monitor')]), {
    minItems: 1,
    maxItems: 4,
    uniqueItems: true,
  }),
  scope: Type.Union([Type.Literal('all'), Type.Literal('own'), Type.Literal('department'), Type.Literal('condition')]),
  condition: Type.Optional(FilterSchema),
  hiddenFields: Type.Optional(Type.Array(Type.String({ pattern: '^f[0-9]{1,6}$' }), { maxItems: 250, uniqueItems: true })),
});
export const RuleParams = Strict({ formId: Id, ruleId: Id });

export const VIEW_KINDS = ['list', 'board', 'calendar', 'occupy', 'cascade'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];
const FieldKey = Type.String({ pattern: '^[A-Za-z0-9]{1,20}$' });
export const ViewConfigSchema = Strict({
  columns: Type.Optional(Type.Array(FieldKey, { maxItems: 250 })),
  sort: Type.Optional(Strict({ field: FieldKey, dir: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) })),
  filter: Type.Optional(FilterSchema),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  /** board: the select field whose options are the columns. */
  groupField: Type.Optional(FieldKey),
  /** calendar: the date or date-time field; month/week/day. */
  dateField: Type.Optional(FieldKey),
  mode: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('week'), Type.Literal('day')])),
  /** occupy: resource field and the booking's start and end date-time fields. */
  resourceField: Type.Optional(FieldKey),
  startField: Type.Optional(FieldKey),
  endField: Type.Optional(FieldKey),
  /** cascade: select/relation fields from the root of the tree down. */
  levels: Type.Optional(Type.Array(FieldKey, { minItems: 1, maxItems: 5 })),
});
export type ViewConfig = Static<typeof ViewConfigSchema>;
export const ViewBody = Strict({
  name: Label,
  kind: Type.Union(VIEW_KINDS.map((k) => Type.Literal(k))),
  shared: Type.Boolean(),
  config: ViewConfigSchema,
});
export const ViewParams = Strict({ formId: Id, viewId: Id });

export const CommentBody = Strict({
  content: Type.String({ maxLength: 2000 }),
  attachments: Type.Optional(
    Type.Array(Strict({ fileId: Id, name: Type.String({ maxLength: 255 }), size: Type.Integer({ minimum: 0 }), mime: Type.String({ maxLength: 100 }) }), {
      maxItems: 5,
    }),
  ),
});

export const ImportBody = Strict({
  fileId: Id,
  /** Sheet column index → field key; unmapped columns are ignored. */
  mapping: Type.Record(Type.String({ pattern: '^[0-9]{1,3}$' }), Type.String({ pattern: '^[A-Za-z0-9]{1,20}$' })),
  /** xlsx: the worksheet (index in tab order); default the first visible one. */
  sheet: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  /** 1-based line of the header row; default the one the preview detected. */
  headerRow: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999 })),
  /** xlsx: rows the sheet hides are imported (the default, as before) or skipped. */
  hiddenRows: Type.Optional(Type.Union([Type.Literal('include'), Type.Literal('skip')])),
});
export const ExportBody = Strict({
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  filter: Type.Optional(FilterSchema),
  columns: Type.Optional(Type.Array(FieldKey, { maxItems: 250 })),
});
export const JobParams = Strict({ jobId: Id });
export const QrBody = Strict({
  ids: Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true }),
  /** §9: the QR identification shows up to three fields. */
  fields: Type.Array(FieldKey, { maxItems: 3, uniqueItems: true }),
});

/** A record as the record calls answer it (server/apps/forms/storage.ts toApiRecord). */
export interface ApiRecord {
  id: string;
  number: string | null;
  ownerId: string;
  ownerDeptId: string | null;
  createdBy: string;
  updatedBy: string;
  handlerId: string | null;
  createdAt: string;
  updatedAt: string;
  rowVersion: number;
  formVersion: number;
  deletedAt?: string | null;
  values: Record<string, unknown>;
  /** Lists only: whether the viewer may delete this record (§6), so a list offers delete only where it works. */
  canDelete?: boolean;
}

/** GET /api/forms/forms/{formId}: the fields this user may see and what they may do. */
export interface FormInfo {
  id: string;
  name: string;
  appId: string;
  appName: string;
  systemName: string;
  version: number;
  fields: FieldDef[];
  /** Designing and monitoring, and what the space's data-sharing policy lets this viewer take out (decision 0046). */
  can: { design: boolean; monitor: boolean } & SharingAllowed;
}
