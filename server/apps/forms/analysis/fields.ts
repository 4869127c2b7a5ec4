import { CHOICE_TYPES, SYSTEM_FIELDS, SYSTEM_FIELD_KIND, VALUE_KIND, type FieldDef, type FieldType, type ValueKind } from '../../../../shared/forms/fields.ts';
import type { AnalysisActor, AnalysisField, AnalysisForm } from '../../../kernel/analysis.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import { loadFormAs, type FormMeta, type Viewer } from '../context.ts';
import { SYSTEM_COLUMN, columnIn, isSystemField } from '../storage.ts';

/** A form as one viewer reads it: its record table, and the fields and rules that apply to him. */
export interface Source {
  form: FormMeta;
  viewer: Viewer;
}

/** Whose names a reference value stands for, looked up after the aggregate (labels, never ids, on charts). */
export type NameSource = 'user' | 'department' | 'relation' | null;

/** A chart's field reference resolved against what the viewer may see. */
export interface ChartField {
  ref: string;
  label: string;
  kind: ValueKind;
  fieldType: FieldType | 'system';
  numeric: boolean;
  names: NameSource;
  /** The form field (null for system fields). */
  def: FieldDef | null;
  /** Index of the relation join the column is read through (`r0`, `r1`…), null for the form's own table `t`. */
  join: number | null;
  column: string;
}

export interface Join {
  relation: FieldDef;
  target: Source;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Files, images and sub-tables hold documents, not values a chart can group or add up. */
const chartable = (f: FieldDef) => VALUE_KIND[f.type] !== 'json';
const nameSource = (type: FieldType): NameSource => (type === 'member' ? 'user' : type === 'department' ? 'department' : type === 'relation' ? 'relation' : null);

const describe = (f: FieldDef, via?: FieldDef): AnalysisField => ({
  ref: via ? `${via.key}.${f.key}` : f.key,
  label: f.label,
  kind: VALUE_KIND[f.type],
  fieldType: f.type,
  numeric: VALUE_KIND[f.type] === 'number',
  ...(CHOICE_TYPES.includes(f.type) ? { options: f.options ?? [] } : {}),
  ...(via ? { via: { relation: via.key, relationLabel: via.label } } : {}),
});

/**
 * Forms loaded in one transaction, per viewer: a board reads all its charts in one transaction, at once, and most of
 * them chart the same form — one load (and at most one viewer-meta query) serves them all.
 */
const loaded = new WeakMap<Trx, Map<string, Promise<Source>>>();

/** The form of a chart, as the actor reads it; another space's form, or one he may not open, is a 404. */
export function sourceOf(trx: Trx, actor: AnalysisActor, formId: string): Promise<Source> {
  if (!/^[0-9]{1,18}$/.test(formId)) return Promise.reject(fail.notFound('forms.formNotFound'));
  let forms = loaded.get(trx);
  if (!forms) loaded.set(trx, (forms = new Map()));
  const key = `${actor.userId}/${actor.roles.join(',')}/${formId}`;
  let source = forms.get(key);
  if (!source) forms.set(key, (source = loadFormAs(trx, actor, formId)));
  return source;
}

/** The related form a relation field points to, as the same viewer reads it (null: not his to open). */
export async function targetOf(trx: Trx, actor: AnalysisActor, relation: FieldDef): Promise<Source | null> {
  const formId = relation.relation?.formId;
  if (!formId || !/^[0-9]{1,18}$/.test(formId)) return null;
  return sourceOf(trx, actor, formId).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
}

/** GET /fields for the designer: the viewer's visible fields, system fields, and his visible fields of related forms. */
export async function analysisFields(trx: Trx, actor: AnalysisActor, formId: string, t: Translate): Promise<AnalysisForm> {
  const { form, viewer } = await sourceOf(trx, actor, formId);
  const fields: AnalysisField[] = viewer.fields.filter(chartable).map((f) => describe(f));
  for (const name of SYSTEM_FIELDS) fields.push({ ref: name, label: t(`forms.analysis.sys.${name}`), kind: SYSTEM_FIELD_KIND[name], fieldType: 'system', numeric: false });
  for (const relation of viewer.fields.filter((f) => f.type === 'relation')) {
    const target = await targetOf(trx, actor, relation);
    if (!target) continue;
    for (const f of target.viewer.fields.filter((g) => chartable(g) && g.type !== 'relation')) fields.push(describe(f, relation));
  }
  return { formId: form.id, formName: form.name, appId: form.appId, fields };
}

/**
 * Resolves the references of one query. Hidden, unknown and other forms' fields all answer the same 422 ("no
 * such field"): a viewer learns nothing of a field a rule hides from him, not even that it exists.
 */
export class FieldResolver {
  readonly joins: Join[] = [];

  constructor(
    private readonly trx: Trx,
    private readonly actor: AnalysisActor,
    readonly main: Source,
    private readonly t: Translate,
  ) {}

  async field(ref: unknown): Promise<ChartField> {
    const unknown = () => fail.unprocessable('forms.analysis.unknownField', { field: String(ref).slice(0, 60) });
    if (typeof ref !== 'string' || ref.length > 40) throw unknown();
    if (isSystemField(ref)) {
      const kind = SYSTEM_FIELD_KIND[ref];
      return { ref, label: this.t(`forms.analysis.sys.${ref}`), kind, fieldType: 'system', numeric: false, names: kind === 'ref' ? 'user' : null, def: null, join: null, column: SYSTEM_COLUMN[ref] };
    }
    const [head, tail, ...rest] = ref.split('.');
    const own = this.main.viewer.fields.find((f) => f.key === head);
    if (!own || rest.length) throw unknown();
    if (tail === undefined) return this.describe(ref, own, this.main.viewer.fields, null, own.label);
    if (own.type !== 'relation') throw unknown();
    const index = await this.joinOf(own);
    const target = index === null ? null : this.joins[index]!.target;
    const field = target?.viewer.fields.find((f) => f.key === tail && chartable(f) && f.type !== 'relation');
    if (!field) throw unknown();
    return this.describe(ref, field, target!.viewer.fields, index, `${own.label} · ${field.label}`);
  }

  private describe(ref: string, def: FieldDef, fields: readonly FieldDef[], join: number | null, label: string): ChartField {
    const kind = VALUE_KIND[def.type];
    return { ref, label, kind, fieldType: def.type, numeric: kind === 'number', names: nameSource(def.type), def, join, column: columnIn(fields, def.key) };
  }

  /** One join per relation field, however many of its target's fields the query reads. */
  private async joinOf(relation: FieldDef): Promise<number | null> {
    const known = this.joins.findIndex((j) => j.relation.key === relation.key);
    if (known >= 0) return known;
    const target = await targetOf(this.trx, this.actor, relation);
    if (!target) return null;
    this.joins.push({ relation, target });
    return this.joins.length - 1;
  }
}
