import type { Role } from '../shared/roles.ts';
import { inSpace, type Db } from './kernel/db/pool.ts';
import { hashPassword } from './kernel/passwords.ts';
import { seedDashboardsDemo } from './apps/dashboards/demo.ts';
import { seedFormsDemo } from './apps/forms/demo.ts';
import { seedPortalDemo } from './apps/portal/demo.ts';

export interface DemoLogin {
  loginId: string;
  space: string;
  roles: Role[];
}

const SPACES = [
  { id: 'ops', name: '平台运营 Platform Operations' },
  { id: 'acme', name: '艾克美制造 Acme Manufacturing' },
  { id: 'nova', name: '诺瓦塑胶 Nova Plastics' },
];
/** The business spaces the demo fills (apps, records, device values). */
export const DEMO_SPACES = ['acme', 'nova'] as const;
const DEPARTMENTS = ['生产部 Production', '质量部 Quality', '设备部 Maintenance'];
const SPACE_ROLES: Role[] = ['admin', 'user', 'safe', 'audit'];

export const DEMO_LOGINS: DemoLogin[] = [
  { loginId: 'root', space: 'ops', roles: ['root'] },
  ...DEMO_SPACES.flatMap((space) => SPACE_ROLES.map((role) => ({ loginId: `${space}.${role}`, space, roles: [role] }))),
  // The service provider owning the demo spaces (decision 0072): a saas member of each of them.
  { loginId: 'provider', space: 'acme', roles: ['saas'] },
];
/** The demo's service provider and the spaces it owns. */
const DEMO_PROVIDER = { id: 'demosp', name: '演示服务商' };

/** True on a database that was never seeded and has no users: the demo seed would create its logins now. */
export async function demoSeedDue(db: Db): Promise<boolean> {
  const done = await db.selectFrom('platform_settings').select('key').where('key', '=', 'demoSeed').executeTakeFirst();
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !done && !anyone;
}

/**
 * Creates the demo spaces and accounts once: on a database that has no users yet, with the given password per
 * login (demo-passwords.ts picks them). Returns whether it did.
 */
export async function seedDemo(db: Db, passwords: ReadonlyMap<string, string>): Promise<boolean> {
  // Hashing nine passwords costs a second and ~130 MB each while it runs (scrypt): only when there is something
  // to seed, three at a time.
  if (!(await demoSeedDue(db))) return false;
  const hashes: string[] = [];
  for (let i = 0; i < DEMO_LOGINS.length; i += 3) {
    hashes.push(...(await Promise.all(DEMO_LOGINS.slice(i, i + 3).map((login) => hashPassword(passwords.get(login.loginId)!)))));
  }
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('platform_settings')
      .values({ key: 'demoSeed', value: JSON.stringify({ at: new Date().toISOString() }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return false;
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser) return false;
    await trx.insertInto('spaces').values(SPACES).execute();
    for (const [index, login] of DEMO_LOGINS.entries()) {
      const [prefix, role] = login.loginId.split('.');
      const user = await trx
        .insertInto('users')
        .values({
          login_id: login.loginId,
          name: role ? `${prefix} ${role}` : login.loginId === 'provider' ? `${DEMO_PROVIDER.name} Demo provider` : 'Platform root',
          email: `${login.loginId}@example.com`,
          password_hash: hashes[index] as string,
          default_space_id: login.space,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('memberships').values({ space_id: login.space, user_id: user.id, roles: login.roles }).execute();
    }
    await trx.insertInto('providers').values(DEMO_PROVIDER).execute();
    await trx.updateTable('spaces').set({ provider_id: DEMO_PROVIDER.id }).where('id', 'in', [...DEMO_SPACES]).execute();
    const provider = await trx.selectFrom('users').select('id').where('login_id', '=', 'provider').executeTakeFirstOrThrow();
    await trx.insertInto('provider_members').values({ provider_id: DEMO_PROVIDER.id, user_id: provider.id }).execute();
    await trx
      .insertInto('memberships')
      .values(DEMO_SPACES.filter((space) => space !== 'acme').map((space) => ({ space_id: space, user_id: provider.id, roles: ['saas'] })))
      .execute();
    return true;
  }).then(async (seeded) => {
    if (seeded) {
      for (const space of DEMO_SPACES) {
        await inSpace(db, space, async (trx) => {
          const departments = await trx
            .insertInto('org_department')
            .values(DEPARTMENTS.map((name, sort) => ({ space_id: space, name, sort })))
            .returning('id')
            .execute();
          // Admin and user work in production, safe and audit in quality ("own department's records" rules, §6).
          const members = await trx.selectFrom('users').select(['id', 'login_id']).where('login_id', 'like', `${space}.%`).execute();
          const departmentOf = (login: string) => departments[/\.(admin|user)$/.test(login) ? 0 : 1]!.id;
          await trx
            .insertInto('org_member_department')
            .values(members.map((m) => ({ space_id: space, user_id: m.id, department_id: departmentOf(m.login_id) })))
            .execute();
          const adminId = members.find((m) => m.login_id === `${space}.admin`)!.id;
          const forms = await seedFormsDemo(trx, space, adminId);
          await seedPortalDemo(trx, space, adminId, forms);
          await seedDashboardsDemo(trx, space, adminId, forms);
        });
      }
    }
    return seeded;
  });
}
