import { sql } from 'kysely';
import type { FilterGroup } from '../../../shared/forms/filters.ts';
import { filterProblems } from '../../../shared/forms/filters.ts';
import type { FormMeta, RuleRow, Viewer } from './context.ts';
import { FALSE, TRUE, filterSql, or, type Sql } from './filter-sql.ts';

/** Item access levels of §6 that a query can ask for (owner and monitor are sources of them, below). */
export type Level = 'view' | 'modify' | 'delete';

function ruleScope(form: FormMeta, viewer: Viewer, rule: RuleRow): Sql {
  switch (rule.scope) {
    case 'all':
      return TRUE;
    case 'own':
      return sql`t.owner_id = ${viewer.userId}::bigint`;
    case 'department':
      return viewer.departments.length ? sql`t.owner_dept_id = any(${viewer.departments}::bigint[])` : FALSE;
    case 'condition': {
      const group = rule.condition as FilterGroup | null;
      // A condition naming a field the form no longer has grants nothing rather than failing every read.
      if (!group || filterProblems(form.allFields, group).length) return FALSE;
      return filterSql(form.allFields, group);
    }
  }
}

/**
 * The SQL predicate (on alias `t`) of the records a viewer holds `level` on. It goes inside the WHERE of every
 * list, search, count, export and aggregate, so rows the viewer may not see are never fetched (§6).
 *   admin: everything; monitor (view only): everything; owner: every level on own records;
 *   shares: view, or modify when shared so; rules of the viewer's roles, groups or user: their scope.
 */
export function accessPredicate(form: FormMeta, viewer: Viewer, level: Level): Sql {
  if (viewer.isAdmin) return TRUE;
  if (level === 'view' && viewer.rules.some((r) => r.levels.includes('monitor'))) return TRUE;
  const granting = viewer.rules.filter((r) => r.levels.includes(level));
  if (granting.some((r) => r.scope === 'all')) return TRUE;
  const parts: Sql[] = [sql`t.owner_id = ${viewer.userId}::bigint`];
  if (level !== 'delete') {
    const shared = level === 'view' ? sql`` : sql` and s.level = 'modify'`;
    // IN (subquery) is planned as one hashed lookup per query, not a probe per row.
    parts.push(sql`t.id in (select s.record_id from forms_share s where s.form_id = ${form.id}::bigint and s.user_id = ${viewer.userId}::bigint${shared})`);
  }
  for (const rule of granting) {
    if (rule.scope !== 'own') parts.push(ruleScope(form, viewer, rule));
  }
  return or(parts);
}

/** Whether the viewer monitors the form (read access to all records plus the monitoring views of §6). */
export const monitors = (viewer: Viewer) => viewer.isAdmin || viewer.rules.some((r) => r.levels.includes('monitor'));
