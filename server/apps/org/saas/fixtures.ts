import type { Platform } from '../../../platform.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import { TEST_DEMO_PASSWORD } from '../../../../tests/support/client.ts';

/**
 * Two providers and three spaces for the provider-boundary tests, written through the owner connection as root's
 * console would: P1 (`psone`) owns acme and nova, P2 (`pstwo`) owns a new space `cspace` with its own admin.
 * Each provider's saas account is a member (role saas) of each of its spaces.
 */
export async function seedProviders(platform: Platform): Promise<void> {
  const owner = platform.kernel.databases.owner;
  const hash = await hashPassword(TEST_DEMO_PASSWORD);
  await owner.query(`insert into providers (id, name, contact_name) values ('psone', 'Provider One', 'Ann'), ('pstwo', 'Provider Two', 'Bob')`);
  await owner.query(`insert into spaces (id, name) values ('cspace', 'C Space')`);
  await owner.query(`update spaces set provider_id = 'psone' where id in ('acme', 'nova')`);
  await owner.query(`update spaces set provider_id = 'pstwo' where id = 'cspace'`);
  const user = async (loginId: string, space: string) =>
    (await owner.query<{ id: string }>(`insert into users (login_id, name, email, password_hash, default_space_id) values ($1, $1, $1 || '@example.com', $2, $3) returning id`, [loginId, hash, space])).rows[0]!.id;
  const one = await user('psone.saas', 'acme');
  const two = await user('pstwo.saas', 'cspace');
  const cAdmin = await user('cspace.admin', 'cspace');
  await owner.query(`insert into provider_members (provider_id, user_id) values ('psone', $1), ('pstwo', $2)`, [one, two]);
  await owner.query(
    `insert into memberships (space_id, user_id, roles) values ('acme', $1, '{saas}'), ('nova', $1, '{saas}'), ('cspace', $2, '{saas}'), ('cspace', $3, '{admin}')`,
    [one, two, cAdmin],
  );
}
