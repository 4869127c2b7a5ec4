/**
 * B1's baseline: the list page as a developer would hand-write it — one fixed SQL statement (same transaction,
 * same row-level security, same predicate and order as the forms API's query) answered as JSON. The difference to
 * the forms API is what the low-code engine costs: kernel hooks, form and rule lookup, the generic query builder
 * and record mapping.
 */
import { serveHandSql } from './hand-sql-server.ts';

const { FORM_ID, USER_ID, DEPARTMENTS, SPACE_ID } = process.env;
export const HAND_SQL = `select id, number, owner_id, owner_dept_id, created_by, updated_by, handler_id, created_at, updated_at, row_version, form_version, deleted_at, deleted_by, f1, f2, f3, f4
    from forms_data_${Number(FORM_ID)} t
    where t.deleted_at is null
      and (t.owner_id = $1 or t.id in (select record_id from forms_share s where s.form_id = $2 and s.user_id = $1) or t.owner_dept_id = any($3::bigint[]))
      and t.f2 = any($4::text[]) and t.f3 is not null
    order by t.f3 desc, t.id desc limit 51`;

serveHandSql(SPACE_ID!, 'records', () => ({ text: HAND_SQL, values: [USER_ID, FORM_ID, DEPARTMENTS!.split(','), ['open', 'doing', 'done']] }));
