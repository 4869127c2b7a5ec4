import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fakeApi, refuse, renderPage } from '../../testing/page-kit.tsx';
import { BaseConfigPage } from './BaseConfigPage.tsx';
import { knownTimeZones, offsetLabel } from './time-zones.ts';

afterEach(cleanup);

const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]');

describe('BaseConfigPage', () => {
  it('shows the space’s zone with its offset; nothing to save until another zone is chosen', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/settings/time-zone': { timeZone: 'Europe/Berlin' } });
    const host = await renderPage(BaseConfigPage, '/space-acme/baseConfig', api, 'zh-CN', ['admin']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/org/settings/time-zone']);
    expect(host.textContent).toContain('企业时区');
    expect(host.querySelector('[data-testid="time-zone"]')?.textContent).toMatch(/Europe\/Berlin \(UTC\+0[12]:00\)/);
    expect(submit()?.disabled).toBe(true);
  });

  it('says why the zone could not be read and reads it again on request', async () => {
    let fail = true;
    const { api, calls } = fakeApi({
      'GET /api/org/settings/time-zone': () => {
        if (fail) throw refuse(500, 'common.operationFailed', 'Operation failed');
        return { timeZone: 'UTC' };
      },
    });
    const host = await renderPage(BaseConfigPage, '/space-acme/baseConfig', api, 'en', ['admin']);
    expect(host.textContent).toContain('Operation failed');
    fail = false;
    const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    const { act } = await import('react');
    await act(async () => retry.click());
    await new Promise((r) => setTimeout(r, 0));
    await act(async () => undefined);
    expect(calls.length).toBe(2);
    expect(host.querySelector('[data-testid="time-zone"]')?.textContent).toContain('UTC (UTC+00:00)');
  });
});

describe('time zones', () => {
  it('lists Asia/Shanghai and UTC once each, sorted', () => {
    const zones = knownTimeZones();
    expect(zones.filter((z) => z === 'Asia/Shanghai')).toHaveLength(1);
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('labels a zone with the offset its clocks show at that moment', () => {
    expect(offsetLabel('Asia/Shanghai')).toBe('UTC+08:00');
    expect(offsetLabel('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+01:00');
    expect(offsetLabel('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe('UTC+02:00');
    expect(offsetLabel('UTC')).toBe('UTC+00:00');
    expect(offsetLabel('Not/AZone')).toBe('');
  });
});
