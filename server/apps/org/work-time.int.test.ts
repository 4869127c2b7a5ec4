import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORK_TIME } from '../../../shared/org/work-time.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

const shifts = {
  weekDays: [6, 1, 2, 3, 4, 5],
  periods: [
    { start: '13:30', end: '17:30' },
    { start: '08:00', end: '12:00' },
  ],
  days: [
    { day: '2026-10-01', kind: 'holiday', name: ' 国庆节 ' },
    { day: '2026-10-11', kind: 'workday', name: '调休上班' },
  ],
};

describe('work time of a space (§2.6 workTime)', () => {
  it('is the default week until an admin saves one', async () => {
    expect((await admin.get('/api/org/work-time')).body.data).toEqual(DEFAULT_WORK_TIME);
  });

  it('an admin saves it whole (sorted, trimmed); every member reads it; another space keeps its own', async () => {
    const saved = await admin.put('/api/org/work-time', shifts);
    expect(saved.status).toBe(200);
    const expected = {
      weekDays: [1, 2, 3, 4, 5, 6],
      periods: [
        { start: '08:00', end: '12:00' },
        { start: '13:30', end: '17:30' },
      ],
      days: [
        { day: '2026-10-01', kind: 'holiday', name: '国庆节' },
        { day: '2026-10-11', kind: 'workday', name: '调休上班' },
      ],
    };
    expect(saved.body.data).toEqual(expected);
    const user = await signedIn(platform.url, 'acme.user');
    expect((await user.get('/api/org/work-time')).body.data).toEqual(expected);
    expect((await (await signedIn(platform.url, 'nova.admin')).get('/api/org/work-time')).body.data).toEqual(DEFAULT_WORK_TIME);
  });

  it('refuses a schedule that cannot be, in the caller’s language, and changes nothing', async () => {
    const before = (await admin.get('/api/org/work-time')).body.data;
    const overlap = await admin.put('/api/org/work-time', { ...shifts, periods: [{ start: '08:00', end: '12:00' }, { start: '11:00', end: '18:00' }] });
    expect(overlap.status).toBe(422);
    expect(overlap.body.text).toContain('11:00');
    const english = await admin.put('/api/org/work-time', { ...shifts, days: [{ day: '2026-02-30', kind: 'holiday', name: '' }] }, { 'accept-language': 'en' });
    expect(english.status).toBe(422);
    expect(english.body.text).toContain('is not a date');
    expect((await admin.put('/api/org/work-time', { ...shifts, periods: [{ start: '18:00', end: '09:00' }] })).status).toBe(422);
    expect((await admin.get('/api/org/work-time')).body.data).toEqual(before);
  });

  it('only an admin may change it', async () => {
    for (const loginId of ['acme.user', 'acme.safe', 'acme.audit']) {
      expect((await (await signedIn(platform.url, loginId)).put('/api/org/work-time', shifts)).status, loginId).toBe(403);
    }
  });
});
