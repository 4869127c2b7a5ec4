/**
 * The data set of bench:org (B12), loaded in bulk with SQL into the demo space `acme` of a fresh platform (loading
 * is not what is measured): 1,000 departments three levels deep (10 divisions › 90 workshops › 900 teams), 100 posts,
 * and 10,000 members with Chinese names, phones, a team and a main post each.
 */
import type pg from 'pg';

export const SPACE = 'acme';
export const MEMBERS = 10_000;
export const DEPARTMENTS = 1_000;

/** 30 common surnames and 40 given-name characters: names repeat as they do in a real plant (many 张伟). */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰红梅飞鹏建国志文斌辉宇浩';

export async function loadOrganisation(owner: pg.Pool): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('begin');
    // The owner is subject to row-level security too (FORCE): it works in the space like a request does.
    await client.query(`select set_config('app.space_id', $1, true)`, [SPACE]);
    await client.query(
      `insert into org_department (space_id, name, code, sort) select $1, '事业部' || g, 'BD' || g, g from generate_series(1, 10) g`,
      [SPACE],
    );
    await client.query(
      `insert into org_department (space_id, parent_id, name, code, sort)
       select $1, d.id, '车间' || d.sort || '-' || g, 'BW' || d.sort || '-' || g, g
       from org_department d cross join generate_series(1, 9) g where d.code like 'BD%'`,
      [SPACE],
    );
    await client.query(
      `insert into org_department (space_id, parent_id, name, code, sort)
       select $1, d.id, '班组' || substr(d.code, 3) || '-' || g, 'BT' || substr(d.code, 3) || '-' || g, g
       from org_department d cross join generate_series(1, 10) g where d.code like 'BW%'`,
      [SPACE],
    );
    await client.query(
      `insert into org_post (space_id, code, name, department_id, sort)
       select $1, 'BP' || g, '岗位' || g, (select id from org_department where code = 'BD' || (1 + g % 10)), g from generate_series(1, 100) g`,
      [SPACE],
    );
    const users = await client.query<{ id: string }>(
      `insert into users (login_id, name, phone, email, password_hash, default_space_id)
       select 'bench.u' || lpad(g::text, 5, '0'),
         substr($2, 1 + g % 30, 1) || substr($3, 1 + (g / 30) % 40, 1) || case when g % 3 = 0 then substr($3, 1 + (g / 7) % 40, 1) else '' end,
         '139' || lpad(g::text, 8, '0'), 'bench.u' || g || '@example.com', '!invited', $1
       from generate_series(1, ${MEMBERS}) g returning id`,
      [SPACE, SURNAMES, GIVEN],
    );
    const ids = users.rows.map((r) => r.id);
    await client.query(`insert into memberships (space_id, user_id, roles) select $1, id, '{user}' from unnest($2::bigint[]) id`, [SPACE, ids]);
    await client.query(`insert into org_member_profile (space_id, user_id, extension) select $1, id, '8' || (id % 1000) from unnest($2::bigint[]) id`, [SPACE, ids]);
    await client.query(
      `with teams as (select id, row_number() over (order by id) - 1 as n from org_department where code like 'BT%')
       insert into org_member_department (space_id, user_id, department_id)
       select $1, u.id, t.id from unnest($2::bigint[]) with ordinality u(id, i) join teams t on t.n = u.i % 900`,
      [SPACE, ids],
    );
    await client.query(
      `with posts as (select id, row_number() over (order by id) - 1 as n from org_post where code like 'BP%')
       insert into org_member_post (space_id, user_id, post_id, main)
       select $1, u.id, p.id, true from unnest($2::bigint[]) with ordinality u(id, i) join posts p on p.n = u.i % 100`,
      [SPACE, ids],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await owner.query('analyze');
  const counts = await owner.query(
    `select (select count(*) from memberships where space_id = $1) as members, (select count(*) from org_department where space_id = $1) as departments`,
    [SPACE],
  );
  const { members, departments } = counts.rows[0] as { members: string; departments: string };
  if (Number(departments) < DEPARTMENTS || Number(members) < MEMBERS) throw new Error(`loaded ${members} members, ${departments} departments`);
}

/** The search terms, one of each kind of search: a name (CJK), pinyin initials, a phone fragment, a login ID. */
export const SEARCH_TERMS = ['张伟', 'zw', '1390000', 'bench.u0042'];

/**
 * B12's baseline: the address-book query as a developer would write it for a member whose visible fields include
 * login ID and phone — the same predicate per kind of term, order, keyset limit and per-row department and post.
 */
export function handSearchSql(term: string): { text: string; values: unknown[] } {
  const like = `%${term}%`;
  let predicate: string;
  if (/^[A-Za-z]+$/.test(term)) predicate = `(lower(u.name) like $2 or lower(u.login_id) like $2 or u.name_initials like $3)`;
  else if (/^[0-9]+$/.test(term)) predicate = `(u.name like $2 or lower(u.login_id) like $2 or u.phone like $2)`;
  else if (/^[A-Za-z0-9_.@-]+$/.test(term)) predicate = `(lower(u.name) like $2 or lower(u.login_id) like $2)`;
  else predicate = `u.name like $2`;
  const values = [SPACE, like.toLowerCase(), ...(predicate.includes('$3') ? [`${term.toLowerCase()}%`] : [])];
  return { text: pageSql(`and ${predicate}`), values };
}

/** The picker's first page: every listed member in pinyin order, the first 50 (and one to know there is more). */
export const handFirstPageSql = () => ({ text: pageSql(''), values: [SPACE] });

function pageSql(filter: string): string {
  return `select x.*,
      (select array_agg(d.name order by d.sort, d.id) from org_member_department md join org_department d on d.id = md.department_id where md.user_id = x.id) as departments,
      (select p.name from org_post p where p.id = (select mp.post_id from org_member_post mp where mp.user_id = x.id and mp.main)) as main_post
    from (
      select u.id, u.name, u.name_initials as initials, u.login_id, u.phone, u.email
      from memberships m join users u on u.id = m.user_id
      where m.space_id = $1 and m.status = 'active' and u.status <> 'disabled' ${filter}
      order by u.name_initials, u.name, u.id limit 51
    ) x order by x.initials, x.name, x.id`;
}
