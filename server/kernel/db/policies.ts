import pg from 'pg';

/** The space test of every space table's policy, as PostgreSQL prints it back. */
const SPACE_SETTING = "NULLIF(current_setting('app.space_id'::text, true), ''::text)";
/** The same test not yet wrapped in a sub-select (escaped for a regular expression). */
const PER_ROW = new RegExp(`(?<!SELECT )${SPACE_SETTING.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g');

const once = (expression: string | null) => (expression === null ? null : expression.replace(PER_ROW, `(SELECT ${SPACE_SETTING})`));

/**
 * Every space policy reads the request's space ONCE per statement (decision 0070). Written as
 * `space_id = nullif(current_setting(…), '')`, the setting is a stable function call that PostgreSQL evaluates for
 * every row a scan filters — an aggregate over 100,000 records spent half its time there. As
 * `space_id = (select nullif(current_setting(…), ''))` it is an InitPlan, computed once; the rule is the same.
 *
 * Run at start after the migrations, under their lock (apps' migrations write their policies the first way; the kernel cannot
 * rewrite them in SQL it does not own), before the catalog check. Idempotent: a rewritten policy no longer matches.
 * The new expressions are PostgreSQL's own deparsed text of the old ones with the one call wrapped; identifiers are
 * quoted. Returns how many policies changed.
 */
export async function readSpaceOncePerStatement(owner: pg.Pool | pg.PoolClient): Promise<number> {
  const { rows } = await owner.query<{ table: string; policy: string; qual: string | null; check: string | null }>(
    `select tablename as table, policyname as policy, qual, with_check as check from pg_policies
      where schemaname = current_schema() and (qual like $1 or with_check like $1)`,
    [`%${SPACE_SETTING}%`],
  );
  let changed = 0;
  for (const row of rows) {
    const [qual, check] = [once(row.qual), once(row.check)];
    if (qual === row.qual && check === row.check) continue;
    const clauses = [qual === null ? '' : ` using (${qual})`, check === null ? '' : ` with check (${check})`].join('');
    await owner.query(`alter policy ${pg.escapeIdentifier(row.policy)} on ${pg.escapeIdentifier(row.table)}${clauses}`);
    changed += 1;
  }
  return changed;
}
