/**
 * bench:org — B12 of ../shared/design/performance.md on a space with 10,000 members in 1,000 departments, every
 * figure against a baseline measured in the same run:
 *   address-book search p50 (GET /api/org/contacts?q=, as a member, a name, pinyin initials, a phone fragment and a
 *     login ID in turn) vs the same hand-written SQL served by a bare node:http process (bench/org-hand-server.ts) —
 *     both over HTTP, as B1 does, so the ratio is what the platform adds; the SQL alone from a pg client is printed too;
 *   the picker's first page p50 (GET /api/org/picker/members) vs the same;
 *   a member import of 10,000 xlsx rows through POST /api/org/members/import, rows/s.
 * SAMPLES (default 200) and IMPORT_ROWS (default 10,000) may be lowered for a quick look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APP_ROLE } from '../server/kernel/db/pool.ts';
import { openWriter } from '../server/kernel/sheets/index.ts';
import type { TestClient } from '../tests/support/client.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';
import { DEPARTMENTS, MEMBERS, SEARCH_TERMS, SPACE, handFirstPageSql, handSearchSql, loadOrganisation } from './org-setup.ts';
import { signedIn, startBenchStack } from './records-setup.ts';

const SAMPLES = Number(process.env.SAMPLES ?? 200);
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const line = (text: string) => console.log(text);

/** Runs `a` and `b` alternately SAMPLES times each (machine noise hits both alike), each on the i-th input. */
async function paired(a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>) {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < Math.max(20, SAMPLES / 2); i += 1) {
    await a(i);
    await b(i);
  }
  for (let i = 0; i < SAMPLES; i += 1) {
    let t = performance.now();
    await a(i);
    ta.push(performance.now() - t);
    t = performance.now();
    await b(i);
    tb.push(performance.now() - t);
  }
  return [p50(ta), p50(tb)] as const;
}

const ids = (rows: Array<{ id: string }>) => rows.map((r) => String(r.id)).join(',');

const stack = await startBenchStack();
try {
  let t = performance.now();
  await loadOrganisation(stack.owner);
  line(`loaded ${MEMBERS.toLocaleString('en')} members in ${DEPARTMENTS.toLocaleString('en')} departments in ${((performance.now() - t) / 1000).toFixed(1)} s (setup, not measured)`);
  const user: TestClient = await signedIn(stack.base, 'acme.user');
  const admin: TestClient = await signedIn(stack.base, 'acme.admin');

  const handServer = startScript('bench/org-hand-server.ts', { DATABASE_URL: stack.databaseUrl }, /LISTENING (\S+)/);
  const handUrl = (await handServer.ready)[1]!;
  const term = (i: number) => SEARCH_TERMS[i % SEARCH_TERMS.length]!;
  const apiRows = async (url: string) => {
    const answer = await user.get(url);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return (answer.body.data.contacts ?? answer.body.data.items) as Array<{ id: string }>;
  };
  const handRows = async (query: string) => ((await (await fetch(`${handUrl}${query}`)).json()) as { data: { contacts: Array<{ id: string }> } }).data.contacts;
  const search = (i: number) => apiRows(`/api/org/contacts?q=${encodeURIComponent(term(i))}`);
  const handSearch = (i: number) => handRows(`/?q=${encodeURIComponent(term(i))}`);
  const picker = () => apiRows('/api/org/picker/members');
  const handFirst = () => handRows('/');

  // Same answers first: a fast wrong query would prove nothing.
  for (let i = 0; i < SEARCH_TERMS.length; i += 1) {
    const [a, b] = [await search(i), await handSearch(i)];
    if (ids(a) !== ids(b) || a.length === 0) throw new Error(`search "${term(i)}": API ${a.length} rows, hand-written ${b.length}, not the same`);
  }
  if (ids(await picker()) !== ids(await handFirst()) || (await picker()).length !== 50) throw new Error('picker first page differs from the hand-written one');

  // The SQL alone: the same statements from a pg client as the app role, in the same transaction shape.
  const app = new pg.Client({ connectionString: stack.databaseUrl, options: `-c role=${APP_ROLE}` });
  app.on('error', () => undefined);
  await app.connect();
  const direct = async (statement: { text: string; values: unknown[] }) => {
    await app.query('begin');
    await app.query("select set_config('app.space_id', $1, true)", [SPACE]);
    await app.query(statement.text, statement.values);
    await app.query('commit');
  };

  const [searchApi, searchHand] = await paired(search, handSearch);
  const [, searchSql] = await paired(handSearch, (i) => direct(handSearchSql(term(i))));
  const [firstApi, firstHand] = await paired(picker, handFirst);
  const [, firstSql] = await paired(handFirst, () => direct(handFirstPageSql()));
  await app.end();
  await stopProcess(handServer.child);
  const searchRatio = searchApi / searchHand;
  const firstRatio = firstApi / firstHand;
  line(`B12 address-book search p50 (${SEARCH_TERMS.join(', ')} in turn): API ${ms(searchApi)} vs hand-written SQL endpoint ${ms(searchHand)} = ${searchRatio.toFixed(2)}× (target ≤ 1.5×, p50 ≤ 30 ms; the SQL alone from a pg client: ${ms(searchSql)})`);
  line(`B12 picker first page p50 (50 of ${MEMBERS.toLocaleString('en')} members): API ${ms(firstApi)} vs hand-written SQL endpoint ${ms(firstHand)} = ${firstRatio.toFixed(2)}× (target ≤ 1.5×, p50 ≤ 30 ms; the SQL alone from a pg client: ${ms(firstSql)})`);

  // The import: an xlsx in the template's columns, each member into a team by its code.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-org-'));
  const file = path.join(work, 'members.xlsx');
  const writer = await openWriter(file, 'xlsx', ['登录账号', '姓名', '手机号', '部门']);
  const given = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平';
  for (let i = 1; i <= IMPORT_ROWS; i += 1) {
    await writer.write([`imp.u${String(i).padStart(5, '0')}`, `${'周吴郑王冯陈'[i % 6]}${given[i % 20]}${given[(i * 7) % 20]}`, `137${String(i).padStart(8, '0')}`, `BT${1 + (i % 10)}-${1 + (i % 9)}-${1 + (i % 10)}`]);
  }
  await writer.close();
  const bytes = fs.readFileSync(file);
  t = performance.now();
  const imported = await admin.upload('/api/org/members/import', [{ name: 'members.xlsx', bytes, type: XLSX }]);
  const seconds = (performance.now() - t) / 1000;
  fs.rmSync(work, { recursive: true, force: true });
  if (imported.status !== 200 || imported.body.data.imported !== IMPORT_ROWS) throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body).slice(0, 500)}`);
  const rate = IMPORT_ROWS / seconds;
  line(`B12 member import ${IMPORT_ROWS.toLocaleString('en')} rows (xlsx, ${(bytes.length / 1024).toFixed(0)} KB): ${seconds.toFixed(2)} s = ${rate.toFixed(0)} rows/s (target ≥ 2,000)`);
  line(`org: search ${searchRatio.toFixed(2)}× ${ms(searchApi)}, picker first page ${firstRatio.toFixed(2)}× ${ms(firstApi)}, import ${rate.toFixed(0)} rows/s (targets ≤ 1.5× and ≤ 30 ms, ≤ 1.5× and ≤ 30 ms, ≥ 2,000 rows/s)`);
} finally {
  await stack.stop();
}
