import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform.ts';
import { signedIn } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { readSpaceOncePerStatement } from './policies.ts';
import { inSpace } from './pool.ts';
import { sql } from 'kysely';

let platform: Platform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const perRow = async () =>
  (
    await platform.kernel.databases.owner.query<{ table: string }>(
      `select tablename as table from pg_policies where schemaname = current_schema()
        and (coalesce(qual, '') ~ '(?<!SELECT )NULLIF\\(current_setting' or coalesce(with_check, '') ~ '(?<!SELECT )NULLIF\\(current_setting')`,
    )
  ).rows.map((r) => r.table);

describe('space policies read the space once per statement (decision 0070)', () => {
  it('every space table, and the records table of a form published now, tests the space in a sub-select', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    const { formId } = await publishedForm(admin, ORDER_FIELDS);
    expect(await perRow()).toEqual([]);
    // The plan computes the space once (an InitPlan), not in every row's filter.
    const plan = await inSpace(platform.kernel.db, 'acme', (trx) => sql<{ 'QUERY PLAN': string }>`explain select count(*) from ${sql.table(`forms_data_${formId}`)}`.execute(trx));
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/InitPlan/);
  });

  it('rewrites a policy written the per-row way, keeps its rule, and leaves it alone the second time', async () => {
    const owner = platform.kernel.databases.owner;
    await owner.query('create table once_probe (space_id text not null, note text)');
    try {
      await owner.query('alter table once_probe enable row level security, force row level security');
      await owner.query(`create policy once_probe_space on once_probe
        using (space_id = nullif(current_setting('app.space_id', true), '')) with check (space_id = nullif(current_setting('app.space_id', true), ''))`);
      await owner.query('grant select, insert on once_probe to qpaas_app');
      expect(await perRow()).toEqual(['once_probe']);
      expect(await readSpaceOncePerStatement(owner)).toBe(1);
      expect(await perRow()).toEqual([]);
      expect(await readSpaceOncePerStatement(owner)).toBe(0);
      // Still the same rule: rows of the space only, and nothing written into another space.
      await inSpace(platform.kernel.db, 'acme', (trx) => sql`insert into once_probe values ('acme', 'mine')`.execute(trx));
      await expect(inSpace(platform.kernel.db, 'acme', (trx) => sql`insert into once_probe values ('nova', 'theirs')`.execute(trx))).rejects.toThrow(/row-level security/);
      const seen = (space: string) => inSpace(platform.kernel.db, space, (trx) => sql<{ note: string }>`select note from once_probe`.execute(trx)).then((r) => r.rows);
      expect(await seen('acme')).toEqual([{ note: 'mine' }]);
      expect(await seen('nova')).toEqual([]);
    } finally {
      await owner.query('drop table once_probe');
    }
  });
});
