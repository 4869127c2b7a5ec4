import { CASCADE_TYPES, GROUPABLE_TYPES, SYSTEM_FIELDS, type FieldDef, type FieldType } from '../../../../../shared/forms/fields.ts';
import { SORTABLE_KINDS, kindOf } from '../../../../../shared/forms/filters.ts';
import type { ViewConfig, ViewKind } from '../types.ts';

export const VIEW_KIND_ORDER: readonly ViewKind[] = ['list', 'board', 'calendar', 'occupy', 'cascade'];
export const DEFAULT_PAGE_SIZE = 20;
export const CASCADE_MAX_LEVELS = 5;

/** The field types each role in a view config accepts: the same lists the server checks (views-routes.ts). */
export const ROLE_TYPES = {
  groupField: GROUPABLE_TYPES,
  dateField: ['date', 'datetime'],
  resourceField: [...GROUPABLE_TYPES, 'relation', 'member'],
  startField: ['datetime'],
  endField: ['datetime'],
  levels: CASCADE_TYPES,
} satisfies Record<string, readonly FieldType[]>;
export type FieldRole = keyof typeof ROLE_TYPES;

export const fieldsFor = (fields: readonly FieldDef[], role: FieldRole) => fields.filter((f) => (ROLE_TYPES[role] as readonly FieldType[]).includes(f.type));

/** Keys a list may sort on: form fields of a sortable kind, then the system fields. */
export function sortableKeys(fields: readonly FieldDef[]): string[] {
  return [...fields.map((f) => f.key), ...SYSTEM_FIELDS].filter((key) => {
    const kind = kindOf(fields, key);
    return kind !== null && SORTABLE_KINDS.includes(kind);
  });
}

/** §5: a positive integer of at most three digits. */
export function parsePageSize(text: string | number | undefined | null): number | null {
  const value = String(text ?? '').trim();
  return /^[1-9][0-9]{0,2}$/.test(value) ? Number(value) : null;
}

/** What a view of each kind keeps: the filter always, the rest only where the kind uses it. */
const KEYS: Record<ViewKind, ReadonlyArray<keyof ViewConfig>> = {
  list: ['columns', 'sort', 'filter', 'pageSize'],
  board: ['groupField', 'columns', 'filter'],
  calendar: ['dateField', 'mode', 'filter'],
  occupy: ['resourceField', 'startField', 'endField', 'filter'],
  cascade: ['levels', 'columns', 'sort', 'filter', 'pageSize'],
};

export function cleanConfig(kind: ViewKind, config: ViewConfig): ViewConfig {
  const clean: Record<string, unknown> = {};
  for (const key of KEYS[kind]) {
    const value = config[key];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    clean[key] = value;
  }
  return clean as ViewConfig;
}

const fitsRole = (fields: readonly FieldDef[], key: string, role: FieldRole) => fieldsFor(fields, role).some((f) => f.key === key);

/** The i18n keys of what is missing or wrong in a view's config (checked before saving; the server checks too). */
export function configProblems(kind: ViewKind, config: ViewConfig, fields: readonly FieldDef[]): string[] {
  const fits = (key: string | undefined, role: FieldRole) => !!key && fitsRole(fields, key, role);
  const problems: string[] = [];
  if (config.pageSize !== undefined && parsePageSize(config.pageSize) === null) problems.push('forms.views.problem.pageSize');
  if (kind === 'board' && !fits(config.groupField, 'groupField')) problems.push('forms.views.problem.groupField');
  if (kind === 'calendar' && !fits(config.dateField, 'dateField')) problems.push('forms.views.problem.dateField');
  if (kind === 'occupy') {
    if (!fits(config.resourceField, 'resourceField')) problems.push('forms.views.problem.resourceField');
    if (!fits(config.startField, 'startField') || !fits(config.endField, 'endField')) problems.push('forms.views.problem.timeFields');
    else if (config.startField === config.endField) problems.push('forms.views.problem.sameTimeFields');
  }
  if (kind === 'cascade') {
    const levels = config.levels ?? [];
    if (levels.length === 0 || levels.length > CASCADE_MAX_LEVELS || !levels.every((l) => fits(l, 'levels'))) problems.push('forms.views.problem.levels');
    else if (new Set(levels).size !== levels.length) problems.push('forms.views.problem.levelsTwice');
  }
  return problems;
}

/**
 * A config for showing the form as `kind` without a saved view of that kind (the view switcher): the first
 * fitting fields. Null when the form has no field the kind can use.
 */
export function autoConfig(kind: ViewKind, fields: readonly FieldDef[], base: ViewConfig = {}): ViewConfig | null {
  const first = (role: FieldRole) => fieldsFor(fields, role)[0]?.key;
  const keep = { filter: base.filter, columns: base.columns };
  switch (kind) {
    case 'list':
      return { ...base };
    case 'board': {
      const groupField = base.groupField && fitsRole(fields, base.groupField, 'groupField') ? base.groupField : first('groupField');
      return groupField ? { ...keep, groupField } : null;
    }
    case 'calendar': {
      const dateField = base.dateField && fitsRole(fields, base.dateField, 'dateField') ? base.dateField : first('dateField');
      return dateField ? { filter: base.filter, dateField, mode: base.mode ?? 'month' } : null;
    }
    case 'occupy': {
      const times = fieldsFor(fields, 'startField');
      const resourceField = first('resourceField');
      if (base.resourceField && base.startField && base.endField) return { filter: base.filter, resourceField: base.resourceField, startField: base.startField, endField: base.endField };
      return resourceField && times.length >= 2 ? { filter: base.filter, resourceField, startField: times[0]!.key, endField: times[1]!.key } : null;
    }
    case 'cascade': {
      const levels = base.levels?.length ? base.levels : fieldsFor(fields, 'levels').slice(0, 2).map((f) => f.key);
      return levels.length ? { ...keep, sort: base.sort, pageSize: base.pageSize, levels } : null;
    }
  }
}
