import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicenceTerms } from '../../../../shared/api/console-access.ts';
import { signTestLicence } from '../../../../tests/fixtures/licence/test-licence-key.ts';
import { signedIn, TestClient, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
const count = async (table: string) => (await owner(`select count(*)::int as n from ${table}`)).rows[0].n as number;
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();
const terms = (over: Partial<LicenceTerms> = {}): LicenceTerms => ({ licenceId: 'L-1', licensee: 'Acme Group', maxSpaces: 10, maxMembersPerSpace: 1000, expiresAt: inAYear(), ...over });

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

describe('private-deployment licences (/privateaccess, decision 0082)', () => {
  it('has no limit before a licence is uploaded', async () => {
    const state = ok(await root.get('/api/console/access/licence'));
    expect(state).toMatchObject({ licence: null, spaces: 3, keyConfigured: true });
    ok(await root.post('/api/console/spaces', { id: 'free1', name: 'Unlicensed yet' }));
  });

  it('refuses a bad signature, a changed body, an expired or malformed licence with 422, storing nothing', async () => {
    const other = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const forged = signTestLicence(terms({ maxSpaces: 9999 }), other);
    const signed = signTestLicence(terms());
    const changed = { ...signed, body: signed.body.replace('"maxSpaces":10', '"maxSpaces":9999') };
    const cases: Array<[unknown, string]> = [
      [forged, 'The licence signature is not valid: the file was changed or was not issued for this platform.'],
      [changed, 'The licence signature is not valid: the file was changed or was not issued for this platform.'],
      [signTestLicence(terms({ expiresAt: new Date(Date.now() - 1000).toISOString() })), 'This licence has expired; it was not imported.'],
      [{ body: signed.body, signature: 'AAAA' }, 'The licence signature is not valid: the file was changed or was not issued for this platform.'],
      [signTestLicence({ licenceId: 'x' } as LicenceTerms), 'The licence file is malformed.'],
    ];
    for (const [file, text] of cases) {
      const answer = await root.post('/api/console/access/licence?lang=en', file);
      expect(answer.status).toBe(422);
      expect(answer.body.text).toBe(text);
    }
    expect((await root.post('/api/console/access/licence', { body: signed.body })).status).toBe(422);
    expect(await count('platform_licence')).toBe(0);
  });

  it('refuses licences when the server has no public key', async () => {
    const config = platform.kernel.config;
    const saved = { key: config.licencePublicKey, demo: config.demoSeed };
    Object.assign(config, { licencePublicKey: null, demoSeed: false });
    try {
      const answer = await root.post('/api/console/access/licence?lang=en', signTestLicence(terms()));
      expect(answer.status).toBe(422);
      expect(answer.body.text).toMatch(/No licence public key/);
    } finally {
      Object.assign(config, { licencePublicKey: saved.key, demoSeed: saved.demo });
    }
    expect(await count('platform_licence')).toBe(0);
  });

  it('keeps the upload to root', async () => {
    expect((await admin.post('/api/console/access/licence', signTestLicence(terms()))).status).toBe(403);
    expect((await admin.get('/api/console/access/licence')).status).toBe(403);
    expect(await count('platform_licence')).toBe(0);
  });

  it('enforces the licensed number of spaces where spaces are created', async () => {
    const spaces = await count('spaces');
    const accepted = ok(await root.post('/api/console/access/licence', signTestLicence(terms({ maxSpaces: spaces + 1 }))));
    expect(accepted.maxSpaces).toBe(spaces + 1);
    ok(await root.post('/api/console/spaces', { id: 'lic1', name: 'Last licensed' }));
    const refused = await root.post('/api/console/spaces?lang=en', { id: 'lic2', name: 'One too many' });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toBe(`The licence allows ${spaces + 1} spaces, all in use: no new space can be created.`);
    expect((await owner(`select 1 from spaces where id = 'lic2'`)).rowCount).toBe(0);
    const state = ok(await root.get('/api/console/access/licence'));
    expect(state.licence).toMatchObject({ licenceId: 'L-1', maxSpaces: spaces + 1, expired: false });
    expect(state.spaces).toBe(spaces + 1);
  });

  it('enforces the licensed members per space wherever a member is added: by root, by the space\'s admin', async () => {
    const acme = (await owner(`select count(*)::int as n from memberships where space_id = 'acme' and status = 'active'`)).rows[0].n as number;
    ok(await root.post('/api/console/access/licence', signTestLicence(terms({ licenceId: 'L-2', maxSpaces: 100, maxMembersPerSpace: acme }))));
    const refused = await root.post('/api/console/users?lang=en', { loginId: 'acme.extra', name: 'Extra', password: 'Demo@2026x', spaceId: 'acme', roles: ['user'] });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toBe(`The licence allows ${acme} members per space, all in use.`);
    expect((await owner(`select 1 from users where login_id = 'acme.extra'`)).rowCount).toBe(0);
    const novaUser = (await owner(`select id from users where login_id = 'nova.user'`)).rows[0].id;
    expect((await root.put(`/api/console/users/${novaUser}/memberships/acme`, { roles: ['user'] })).status).toBe(422);
    expect((await owner(`select 1 from memberships where space_id = 'acme' and user_id = $1`, [novaUser])).rowCount).toBe(0);
    // The space's own administrator meets the same limit (the kernel's quota check, decision 0082).
    const byAdmin = await admin.post('/api/org/members?lang=en', { loginId: 'acme.extra2', name: 'Extra Two', password: 'Demo@2026x' });
    expect([byAdmin.status, byAdmin.body.text]).toEqual([422, `The licence allows ${acme} members per space, all in use.`]);
    expect((await owner(`select 1 from users where login_id = 'acme.extra2'`)).rowCount).toBe(0);
  });

  it('refuses new spaces once the licence in force expires', async () => {
    ok(await root.post('/api/console/access/licence', signTestLicence(terms({ licenceId: 'L-3', maxSpaces: 100 }))));
    ok(await root.post('/api/console/spaces', { id: 'lic3', name: 'Within' }));
    await owner(`update platform_licence set expires_at = now() - interval '1 minute' where licence_id = 'L-3'`);
    const refused = await root.post('/api/console/spaces?lang=en', { id: 'lic4', name: 'After expiry' });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toMatch(/licence has expired/);
    expect(ok(await root.get('/api/console/access/licence')).licence.expired).toBe(true);
  });
});
