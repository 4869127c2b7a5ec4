import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import type { Platform } from '../../platform.ts';
import { configureCounts, countConfig, countRecords, readCountConfig } from './count-budget.ts';

let platform: Platform;
let admin: TestClient;
let formId: string, spaceId: string;
const defaults = countConfig();
const ROWS = 12;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
  ({ formId } = await publishedForm(admin, ORDER_FIELDS));
  for (let i = 0; i < ROWS; i++) await ok(admin.post(`/api/forms/forms/${formId}/records`, { values: { f1: `Order ${i}` } }));
  spaceId = (await platform.kernel.databases.owner.query('select space_id from forms_form where id = $1', [formId])).rows[0].space_id;
});
afterEach(() => configureCounts(defaults));
afterAll(async () => {
  await platform?.stop();
});

const total = async (query = '') => (await ok(admin.get(`/api/forms/forms/${formId}/records?pageSize=5&count=true${query}`))).total;

// Every test treats this small form as a big one (exactBelow: 1); which path is taken is set, never timed.
describe('counts above the exact-count limit (decision 0025)', () => {
  it('are exact when counted within the page budget', async () => {
    configureCounts({ exactBelow: 1, listMs: 60_000, pageShare: 1e9 });
    expect(await total()).toEqual({ count: ROWS, estimated: false });
  });

  it('are the estimate, labelled, when the page may not count; "show exact" counts with its own budget', async () => {
    configureCounts({ exactBelow: 1, listMs: 0, askedMs: 60_000 });
    const estimate = await total();
    expect(estimate.estimated).toBe(true);
    expect(Number.isInteger(estimate.count)).toBe(true);
    expect(await total('&exactCount=true')).toEqual({ count: ROWS, estimated: false });
  });

  it('a count that hits its time limit answers the estimate and leaves the transaction usable, its limit undone', async () => {
    configureCounts({ exactBelow: 1, listMs: 1 });
    const db = platform.kernel.db;
    const answer = await inSpace(db, spaceId, async (trx) => {
      // Each row sleeps 50 ms: the 1 ms limit is always hit (the test waits for nothing to finish in time).
      const count = await countRecords(trx, `forms_data_${formId}`, sql`pg_sleep(0.05) is not null`);
      const after = await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(trx);
      return { count, timeout: after.rows[0]!.timeout };
    });
    expect(answer.count.estimated).toBe(true);
    expect(answer.timeout).not.toBe('1ms');
  });

  it('a count that hit its limit is not tried again for a while: the pages meanwhile answer the estimate', async () => {
    const count = (where: ReturnType<typeof sql>) => inSpace(platform.kernel.db, spaceId, (trx) => countRecords(trx, `forms_data_${formId}`, where));
    // Each row sleeps 20 ms: 12 rows take about 240 ms, far above 1 ms and far below a minute.
    const slow = sql`pg_sleep(0.02) is not null and t.id > ${0}::bigint`;
    configureCounts({ exactBelow: 1, listMs: 1 });
    expect((await count(slow)).estimated).toBe(true);
    // A budget it would now fit in is not spent while the mark is fresh…
    configureCounts({ exactBelow: 1, listMs: 60_000 });
    expect((await count(slow)).estimated).toBe(true);
    // …another condition is counted as usual…
    expect(await count(sql`t.id > ${0}::bigint`)).toEqual({ count: ROWS, estimated: false });
    // …and once the mark is older than the retry time, the count is tried again.
    configureCounts({ exactBelow: 1, listMs: 60_000, retryMs: 0 });
    expect(await count(slow)).toEqual({ count: ROWS, estimated: false });
  });

  it('below the limit a count is always exact, whatever the budget', async () => {
    configureCounts({ exactBelow: 1_000_000, listMs: 0 });
    expect(await total()).toEqual({ count: ROWS, estimated: false });
  });

  it('the budgets come from the environment, malformed values falling back to the defaults', () => {
    expect(readCountConfig({ FORMS_COUNT_EXACT_BELOW: '500', FORMS_COUNT_BUDGET_MS: '0', FORMS_COUNT_ASKED_BUDGET_MS: 'soon' })).toEqual({ exactBelow: 500, listMs: 0, askedMs: 15_000, pageShare: 0.15, retryMs: 60_000 });
  });
});
