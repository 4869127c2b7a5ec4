import fs from 'node:fs';
import pg from 'pg';
import { startEmbeddedPostgres } from './server/kernel/db/embedded.ts';
import { migrate } from './server/kernel/db/migrate.ts';
import { MIGRATION_SOURCES } from './server/apps/index.ts';
const dir = '/tmp/proto-org-pg';
fs.rmSync(dir, { recursive: true, force: true });
const db = await startEmbeddedPostgres(dir, () => undefined);
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
try {
  await migrate(pool, MIGRATION_SOURCES);
  const q = async (s: string, p: unknown[] = []) => (await pool.query(s, p)).rows;
  console.log(await q(`select org_name_initials(n) from unnest(array['张三','曾国藩','单田芳','Li Lei','李雷2','欧阳修','长江', '𠀀x']) n`));
  await q(`insert into spaces (id, name) values ('s1','S1')`);
  let t = performance.now();
  await q(`insert into users (login_id, name, password_hash) select 'u' || g, (array['张','王','李','赵','刘','陈','杨','黄'])[1 + g % 8] || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋'])[1 + (g / 8) % 10] || (array['','明','华','平'])[1 + g % 4], 'x' from generate_series(1, 10000) g`);
  console.log('insert 10k users', performance.now() - t);
  await q(`insert into memberships (space_id, user_id, roles) select 's1', id, '{user}' from users`);
  await q('analyze');
  t = performance.now();
  console.log(await q(`select count(*) from users where name_initials like 'zw%'`), performance.now() - t);
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const r = await q(`explain analyze select u.id, u.name from memberships m join users u on u.id = m.user_id where m.space_id = 's1' and m.status = 'active' and u.status <> 'disabled' order by u.name_initials, u.name, u.id limit 51`);
    if (i == 2) console.log(r.map((x) => x['QUERY PLAN']).join('\n'));
    console.log('first page', performance.now() - t);
  }
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const r = await q(`explain analyze select u.id, u.name from memberships m join users u on u.id = m.user_id where m.space_id = 's1' and m.status = 'active' and u.status <> 'disabled' and (u.name ilike '%zs%' or u.login_id ilike '%zs%' or u.phone like '%zs%' or u.name_initials like 'zs%') order by u.name_initials, u.name, u.id limit 51`);
    if (i == 2) console.log(r.map((x) => x['QUERY PLAN']).join('\n'));
    console.log('search', performance.now() - t);
  }
} finally {
  await pool.end();
  await db.stop();
}
