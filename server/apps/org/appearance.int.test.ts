import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE, DEFAULT_WATERMARK } from '../../../shared/org/appearance.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let member: TestClient;
let novaAdmin: TestClient;
let acmeApp: string;
let novaApp: string;

const firstApp = async (client: TestClient) => ((await client.get('/api/appcenter/apps')).body.data.apps as Array<{ id: string }>)[0]!.id;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
  member = await signedIn(platform.url, 'acme.user');
  novaAdmin = await signedIn(platform.url, 'nova.admin');
  acmeApp = await firstApp(admin);
  novaApp = await firstApp(novaAdmin);
});
afterAll(async () => {
  await platform?.stop();
});

const appearance = async (client: TestClient = admin) => {
  const answer = await client.get('/api/org/appearance');
  expect(answer.status).toBe(200);
  return answer.body.data;
};

describe('appearance of a space (§2.6 watermark, themeColor, webchatConfig)', () => {
  it('is the default until an admin saves: no watermark, daybreak blue that members may change, web chat off', async () => {
    expect(await appearance()).toEqual(DEFAULT_APPEARANCE);
    expect(await appearance(member)).toEqual(DEFAULT_APPEARANCE);
    expect(DEFAULT_APPEARANCE.webchat.enabled).toBe(false);
  });

  it('an admin puts a watermark on chosen apps; every member reads it; the other space keeps its own', async () => {
    const edit = { ...DEFAULT_WATERMARK, enabled: true, scope: 'apps', appIds: [acmeApp, ` ${acmeApp}`], content: ['time', 'name'], density: 'dense', opacity: 'strong', fontSize: 20 };
    const saved = await admin.put('/api/org/appearance/watermark', edit);
    expect(saved.status).toBe(200);
    const expected = { ...edit, appIds: [acmeApp] };
    expect(saved.body.data).toEqual(expected);
    expect((await appearance(member)).watermark).toEqual(expected);
    expect((await appearance(await signedIn(platform.url, 'acme.audit'))).watermark).toEqual(expected);
    expect((await appearance(novaAdmin)).watermark).toEqual(DEFAULT_WATERMARK);
  });

  it('on every page, the list of apps is not kept', async () => {
    const saved = await admin.put('/api/org/appearance/watermark', { ...DEFAULT_WATERMARK, enabled: true, scope: 'all', appIds: [acmeApp] });
    expect(saved.body.data).toMatchObject({ enabled: true, scope: 'all', appIds: [] });
  });

  it('refuses a watermark that cannot be, in the caller’s language, and changes nothing', async () => {
    const before = (await appearance()).watermark;
    const on = { ...DEFAULT_WATERMARK, enabled: true };
    const refusals: Array<[object, string]> = [
      [{ ...on, scope: 'apps', appIds: [] }, '至少选择一个应用'],
      [{ ...on, scope: 'apps', appIds: [novaApp] }, novaApp], // another space's app does not exist here
      [{ ...on, scope: 'apps', appIds: ['../etc'] }, '不存在'],
      [{ ...on, scope: 'somewhere' }, '显示范围'],
      [{ ...on, content: [] }, '至少选择一项'],
      [{ ...on, content: ['name', 'name'] }, '每项只能选一次'],
      [{ ...on, content: ['salary'] }, '水印内容'],
      [{ ...on, density: 'solid' }, '稀疏'],
      [{ ...on, opacity: 'opaque' }, '适中'],
      [{ ...on, fontSize: 100 }, '12 到 28'],
      [{ ...on, fontSize: 14.5 }, '整数'],
    ];
    for (const [body, words] of refusals) {
      const answer = await admin.put('/api/org/appearance/watermark', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.text).toContain(words);
    }
    const english = await admin.put('/api/org/appearance/watermark', { ...on, fontSize: 8 }, { 'accept-language': 'en' });
    expect(english.body.text).toBe('The font size must be a whole number from 12 to 28.');
    // Shapes the schema does not know are the kernel's 400, not a 500.
    expect((await admin.put('/api/org/appearance/watermark', { ...on, spaceId: 'nova' })).status).toBe(422);
    expect((await admin.put('/api/org/appearance/watermark', { ...on, fontSize: 'big' })).status).toBe(422);
    expect((await appearance()).watermark).toEqual(before);
  });

  it('an admin sets the space skin and whether members choose their own; a skin not of §9 is refused', async () => {
    const saved = await admin.put('/api/org/appearance/theme', { skin: 'deepBlack', membersChoose: false });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ skin: 'deepBlack', membersChoose: false });
    expect((await appearance(member)).theme).toEqual({ skin: 'deepBlack', membersChoose: false });
    const bad = await admin.put('/api/org/appearance/theme', { skin: 'neonPink', membersChoose: true }, { 'accept-language': 'en' });
    expect(bad.status).toBe(422);
    expect(bad.body.text).toBe('"neonPink" is not one of the skins.');
    expect((await appearance()).theme).toEqual({ skin: 'deepBlack', membersChoose: false });
    // Saving the theme leaves the watermark as it was (one row, each page writes its own columns).
    expect((await appearance()).watermark).toMatchObject({ enabled: true, scope: 'all' });
    expect((await appearance(novaAdmin)).theme).toEqual(DEFAULT_APPEARANCE.theme);
  });

  it('an admin switches web chat on; members read it; the other space stays off', async () => {
    const saved = await admin.put('/api/org/appearance/webchat', { enabled: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ enabled: true });
    expect((await appearance(member)).webchat).toEqual({ enabled: true });
    expect((await appearance(novaAdmin)).webchat).toEqual({ enabled: false });
    expect((await admin.put('/api/org/appearance/webchat', { enabled: 'yes' })).status).toBe(422);
  });

  it('only an admin changes them: user, security reviewer and auditor get 403 and nothing changes', async () => {
    const before = await appearance();
    for (const loginId of ['acme.user', 'acme.safe', 'acme.audit']) {
      const client = await signedIn(platform.url, loginId);
      expect((await client.put('/api/org/appearance/watermark', { ...DEFAULT_WATERMARK })).status, loginId).toBe(403);
      expect((await client.put('/api/org/appearance/theme', { skin: 'lilac', membersChoose: true })).status, loginId).toBe(403);
      expect((await client.put('/api/org/appearance/webchat', { enabled: false })).status, loginId).toBe(403);
    }
    expect(await appearance()).toEqual(before);
  });

  it('a member of space B can neither read nor change space A’s settings', async () => {
    const before = await appearance();
    for (const client of [novaAdmin, await signedIn(platform.url, 'nova.user')]) {
      expect((await client.get('/space-acme/api/org/appearance')).status).toBe(403);
      expect((await client.put('/space-acme/api/org/appearance/webchat', { enabled: false })).status).toBe(403);
      expect((await client.put('/space-acme/api/org/appearance/theme', { skin: 'lilac', membersChoose: true })).status).toBe(403);
      expect((await client.put('/space-acme/api/org/appearance/watermark', { ...DEFAULT_WATERMARK })).status).toBe(403);
    }
    // Nova's admin changing Nova's own settings touches only Nova.
    expect((await novaAdmin.put('/api/org/appearance/theme', { skin: 'limeGreen', membersChoose: true })).status).toBe(200);
    expect(await appearance()).toEqual(before);
    expect((await appearance(novaAdmin)).theme.skin).toBe('limeGreen');
  });

  it('every change is in the operation log under its own action, for the auditor', async () => {
    const auditor = await signedIn(platform.url, 'acme.audit');
    const entries = (await auditor.get('/api/kernel/oplog?limit=500&action=org.settings')).body.data.entries as Array<{ action: string; user_login: string }>;
    const actions = new Set(entries.filter((e) => e.user_login === 'acme.admin').map((e) => e.action));
    expect([...actions].sort()).toEqual(expect.arrayContaining(['org.settings.theme', 'org.settings.watermark', 'org.settings.webchat']));
  });
});
