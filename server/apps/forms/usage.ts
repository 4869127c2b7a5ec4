import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';

/**
 * The forms app's figures for a space: forms, records and storage (record tables plus uploaded files). Record counts
 * use the planner's statistics for tables it has analysed and an exact count for those it has not, so the overview
 * of a space with a million records costs no full scan.
 */
export async function formsUsage(trx: Trx): Promise<Record<string, number>> {
  const tables = await sql<{ id: string; name: string; estimate: number | null; bytes: string | null }>`
    select f.id, 'forms_data_' || f.id as name, c.reltuples::float8 as estimate, pg_total_relation_size(c.oid)::text as bytes
    from forms_form f left join pg_class c on c.relname = 'forms_data_' || f.id and c.relkind = 'r'`.execute(trx);
  let records = 0;
  let bytes = 0;
  for (const table of tables.rows) {
    if (table.bytes === null) continue; // a form never published has no table yet
    bytes += Number(table.bytes);
    if (table.estimate !== null && table.estimate >= 10_000) records += Math.round(table.estimate);
    else records += Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table.name)}`.execute(trx)).rows[0]?.n ?? 0);
  }
  const files = await sql<{ n: string; size: string | null }>`select count(*) as n, sum(size)::text as size from forms_file`.execute(trx);
  return {
    forms: tables.rows.length,
    records,
    files: Number(files.rows[0]?.n ?? 0),
    storageBytes: bytes + Number(files.rows[0]?.size ?? 0),
  };
}

/** The bytes the storage quota counts: the forms' tables and files, as `storageBytes` above reports them. */
export async function storedBytes(trx: Trx): Promise<number> {
  const row = await sql<{ bytes: string | null }>`
    select (coalesce((select sum(pg_total_relation_size(c.oid)) from forms_form f join pg_class c on c.relname = 'forms_data_' || f.id and c.relkind = 'r'), 0)
      + coalesce((select sum(size) from forms_file), 0))::text as bytes`.execute(trx);
  return Number(row.rows[0]?.bytes ?? 0);
}
