import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Strict } from '../api/common.ts';
import { DefinitionSchema, FilterSchema, ViewConfigSchema } from '../api/forms.ts';
import type { FieldDef, FormDefinition } from '../forms/fields.ts';
import { filterProblems, type FilterGroup } from '../forms/filters.ts';
import { validateDefinition } from '../forms/validate.ts';
import { modelProblems } from '../workflow/validate-model.ts';

/**
 * The application package of the store (decision 0077): one application of a space — its system, its
 * forms' published definitions (fields, numbering rules), shared views, role rules and the flows bound to them —
 * never a record. Every id of the publisher's space is replaced by a package key (`form1`, `form2`…), so nothing
 * in a package points back into the space it came from. Parts are keyed by the app that owns them (forms,
 * workflow); `packageProblems` is the one check, run wherever a package is read (publish, review, install).
 */
export const PACKAGE_FORMAT = 'qpaas.app-package';
export const PACKAGE_FORMAT_VERSION = 1;

const literals = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));
const FormKey = Type.String({ pattern: '^form[0-9]{1,4}$' });
const Name = Type.String({ minLength: 1, maxLength: 60 });
const Role = literals(['saas', 'admin', 'user', 'safe', 'audit'] as const);

export const PackageViewSchema = Strict({
  name: Name,
  kind: literals(['list', 'board', 'calendar', 'occupy', 'cascade'] as const),
  config: ViewConfigSchema,
});

/** Rules naming a role travel; rules naming a group or a person of the publisher's space cannot (decision 0077). */
export const PackageRuleSchema = Strict({
  name: Name,
  role: Role,
  levels: Type.Array(literals(['view', 'modify', 'delete', 'monitor'] as const), { minItems: 1, maxItems: 4, uniqueItems: true }),
  scope: literals(['all', 'own', 'department', 'condition'] as const),
  condition: Type.Optional(FilterSchema),
  hiddenFields: Type.Array(Type.String({ pattern: '^f[0-9]{1,6}$' }), { maxItems: 250, uniqueItems: true }),
});

export const PackageFormSchema = Strict({
  key: FormKey,
  name: Name,
  description: Type.String({ maxLength: 500 }),
  /** The form's current published definition; a relation field's `formId` is another form's package key. */
  definition: DefinitionSchema,
  views: Type.Array(PackageViewSchema, { maxItems: 100 }),
  rules: Type.Array(PackageRuleSchema, { maxItems: 100 }),
});

export const FormsPartSchema = Strict({ forms: Type.Array(PackageFormSchema, { minItems: 1, maxItems: 200 }) });
export const WorkflowPartSchema = Strict({
  flows: Type.Array(Strict({ form: FormKey, enabled: Type.Boolean(), model: Type.Unknown() }), { maxItems: 200 }),
});

export const AppPackageSchema = Strict({
  format: Type.Literal(PACKAGE_FORMAT),
  formatVersion: Type.Literal(PACKAGE_FORMAT_VERSION),
  app: Strict({
    name: Name,
    icon: Type.String({ minLength: 1, maxLength: 40 }),
    description: Type.String({ maxLength: 500 }),
    roles: Type.Array(Role, { maxItems: 5, uniqueItems: true }),
    system: Strict({ name: Name, icon: Type.String({ minLength: 1, maxLength: 40 }), description: Type.String({ maxLength: 500 }) }),
  }),
  parts: Strict({ forms: FormsPartSchema, workflow: Type.Optional(WorkflowPartSchema) }),
});

export type AppPackage = Static<typeof AppPackageSchema>;
export type PackageForm = Static<typeof PackageFormSchema>;
export type FormsPart = Static<typeof FormsPartSchema>;
export type WorkflowPart = Static<typeof WorkflowPartSchema>;

/** One problem: an i18n key (`appcenter.store.package.*`) and where. */
export interface PackageProblem {
  key: string;
  params: Record<string, string | number>;
}

/** The JSON text the hash is computed over: keys sorted at every level, no spaces — the same bytes everywhere. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Every form key a definition's relation fields (and sub-table columns) point to. */
const relationTargets = (definition: FormDefinition) =>
  definition.fields.flatMap((f) => [f, ...(f.columns ?? [])]).filter((f) => f.type === 'relation' && f.relation).map((f) => ({ field: f.key, form: f.relation!.formId }));

const withId = (field: FieldDef): FieldDef => (field.type === 'relation' && field.relation ? { ...field, relation: { ...field.relation, formId: '1' } } : field);

const fieldKeys = (definition: FormDefinition) => new Set(definition.fields.flatMap((f) => [f.key, ...(f.columns ?? []).map((c) => c.key)]));

/**
 * Everything wrong with a package (empty = sound): its shape, then what the shape cannot say — form keys unique,
 * every form, view, rule and flow naming only forms and fields the package itself contains, each definition valid
 * as the designer's publish would find it, each flow valid on its form's fields.
 */
export function packageProblems(input: unknown): PackageProblem[] {
  if (!Value.Check(AppPackageSchema, input)) {
    const first = Value.Errors(AppPackageSchema, input).First();
    return [{ key: 'appcenter.store.package.shape', params: { path: first?.path || '/' } }];
  }
  const pkg = input;
  const problems: PackageProblem[] = [];
  const forms = new Map<string, PackageForm>();
  for (const form of pkg.parts.forms.forms) {
    if (forms.has(form.key)) problems.push({ key: 'appcenter.store.package.duplicateForm', params: { form: form.key } });
    forms.set(form.key, form);
  }
  for (const form of forms.values()) {
    const definition = form.definition as FormDefinition;
    if (definition.fields.length === 0) problems.push({ key: 'appcenter.store.package.noFields', params: { form: form.name } });
    // Relations name package keys here; the designer's check wants an id, so each stands in as one.
    const asIds = { fields: definition.fields.map((f) => withId({ ...f, ...(f.columns ? { columns: f.columns.map(withId) } : {}) })) };
    const invalid = validateDefinition(asIds);
    if (invalid.length) problems.push({ key: 'appcenter.store.package.badDefinition', params: { form: form.name, field: invalid[0]!.field } });
    for (const target of relationTargets(definition)) {
      if (!forms.has(target.form)) problems.push({ key: 'appcenter.store.package.missingForm', params: { form: form.name, target: target.form } });
    }
    const keys = fieldKeys(definition);
    for (const view of form.views) {
      const used = [...(view.config.columns ?? []), view.config.sort?.field, view.config.groupField, view.config.dateField, view.config.resourceField, view.config.startField, view.config.endField, ...(view.config.levels ?? [])];
      const unknown = used.find((key) => key && /^f[0-9]+$/.test(key) && !keys.has(key));
      if (unknown) problems.push({ key: 'appcenter.store.package.unknownField', params: { form: form.name, field: unknown } });
      if (view.config.filter && filterProblems(definition.fields, view.config.filter as FilterGroup).length) problems.push({ key: 'appcenter.store.package.badFilter', params: { form: form.name } });
    }
    for (const rule of form.rules) {
      const unknown = rule.hiddenFields.find((key) => !keys.has(key));
      if (unknown) problems.push({ key: 'appcenter.store.package.unknownField', params: { form: form.name, field: unknown } });
      if (rule.condition && filterProblems(definition.fields, rule.condition as FilterGroup).length) problems.push({ key: 'appcenter.store.package.badFilter', params: { form: form.name } });
    }
  }
  for (const flow of pkg.parts.workflow?.flows ?? []) {
    const form = forms.get(flow.form);
    if (!form) {
      problems.push({ key: 'appcenter.store.package.missingForm', params: { form: 'workflow', target: flow.form } });
      continue;
    }
    const invalid = modelProblems(flow.model, { fields: (form.definition as FormDefinition).fields });
    if (invalid.length) problems.push({ key: 'appcenter.store.package.badFlow', params: { form: form.name } });
  }
  return problems;
}
