import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let acme: TestClient, root: TestClient;
let first: { id: string; storeAppId: string }, second: { id: string; storeAppId: string };
const API = '/api/appcenter/store';

/** What a transaction of the app role sees of the store once it has thrown the old reviewer's switch itself. */
async function seenWithSwitch(space: string | null) {
  return inSpace(platform.kernel.db, space, async (trx) => {
    await sql`select set_config('app.store_review', 'on', true)`.execute(trx);
    const versions = await trx.selectFrom('appcenter_store_version').select(['id', 'package']).execute();
    const apps = await trx.selectFrom('appcenter_store_app').select('id').execute();
    const changed = await trx.updateTable('appcenter_store_version').set({ state: 'approved' }).where('id', '=', first.id).executeTakeFirst();
    return { versions: versions.map((v) => v.id), apps: apps.map((a) => a.id), changed: Number(changed.numUpdatedRows) };
  });
}

beforeAll(async () => {
  platform = await startTestPlatform();
  [acme, root] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'root')]);
  const publish = async (app: string) => {
    const { appId } = await publishedForm(acme, [{ key: 'f1', type: 'text', label: 'Name', required: true, title: true }], { system: 'Review', app, form: 'Form' });
    return ok(acme.post(`${API}/versions`, { appId, label: '1.0', channel: 'official', notes: '' }));
  };
  first = await publish('Pending one');
  second = await publish('Pending two');
});
afterAll(async () => {
  await platform?.stop();
});

describe("the store's review is no switch the app role can throw", () => {
  it("setting app.store_review shows another space, or no space, nothing of acme's pending versions and changes nothing", async () => {
    expect(await seenWithSwitch('nova')).toEqual({ versions: [], apps: [], changed: 0 });
    expect(await seenWithSwitch(null)).toEqual({ versions: [], apps: [], changed: 0 });
    const state = (await platform.kernel.databases.owner.query('select state from appcenter_store_version where id = $1', [first.id])).rows[0].state;
    expect(state).toBe('pending');
  });

  it("root's review still reads every space's submissions, their packages and apps", async () => {
    const pending = (await ok(root.get(`${API}/review`))).versions.map((v: { id: string }) => v.id);
    expect(pending).toEqual(expect.arrayContaining([first.id, second.id]));
    const detail = await ok(root.get(`${API}/review/${first.id}`));
    expect(detail.version).toMatchObject({ id: first.id, appName: 'Pending one', spaceId: 'acme', state: 'pending' });
    expect(detail.summary).toMatchObject({ valid: true, forms: [{ name: 'Form', fields: 1 }] });
    expect((await root.get(`${API}/review/999999`)).status).toBe(404);
    const apps = (await ok(root.get(`${API}/review-apps`))).apps;
    expect(apps.find((a: { id: string }) => a.id === first.storeAppId)).toMatchObject({ name: 'Pending one', released: false, versions: [expect.objectContaining({ id: first.id })] });
  });

  it('root approves, rejects and takes an app off the store; a second decision is a 409', async () => {
    expect(await ok(root.post(`${API}/review/${first.id}/approve`, {}))).toMatchObject({ id: first.id, state: 'approved' });
    expect((await root.post(`${API}/review/${first.id}/approve`, {})).status).toBe(409);
    expect(await ok(root.post(`${API}/review/${second.id}/reject`, { reason: 'Too thin' }))).toMatchObject({ state: 'rejected', reason: 'Too thin' });
    expect((await root.post(`${API}/review/${second.id}/reject`, { reason: 'Again' })).status).toBe(409);
    expect((await root.post(`${API}/review/999999/reject`, { reason: 'None' })).status).toBe(404);
    const approved = (await ok(root.get(`${API}/review?state=approved`))).versions.map((v: { id: string }) => v.id);
    expect(approved).toContain(first.id);
    expect(await ok(root.put(`${API}/review-apps/${first.storeAppId}/listed`, { listed: false }))).toEqual({ listed: false });
    expect((await root.put(`${API}/review-apps/999999/listed`, { listed: false })).status).toBe(404);
    const app = (await ok(root.get(`${API}/review-apps`))).apps.find((a: { id: string }) => a.id === first.storeAppId);
    expect(app).toMatchObject({ listed: false, released: true });
  });
});
