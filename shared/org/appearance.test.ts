import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, DEFAULT_WATERMARK, effectiveSkin, pageAppId, themeProblem, watermarkLines, watermarkProblem, watermarkShownOn } from './appearance.ts';

describe('watermark rules (shared by the page and the server)', () => {
  it('accepts the default and a watermark on chosen apps', () => {
    expect(watermarkProblem(DEFAULT_WATERMARK)).toBeNull();
    expect(watermarkProblem({ ...DEFAULT_WATERMARK, enabled: true, scope: 'apps', appIds: ['12'] })).toBeNull();
  });

  it('names what is wrong', () => {
    const on = { ...DEFAULT_WATERMARK, enabled: true };
    expect(watermarkProblem({ ...on, scope: 'apps', appIds: [] })?.key).toBe('org.watermark.noApps');
    // Off, an empty list is only a list for later.
    expect(watermarkProblem({ ...on, enabled: false, scope: 'apps', appIds: [] })).toBeNull();
    expect(watermarkProblem({ ...on, scope: 'apps', appIds: ['x1'] })).toEqual({ key: 'org.watermark.unknownApp', params: { id: 'x1' } });
    expect(watermarkProblem({ ...on, content: [] })?.key).toBe('org.watermark.noContent');
    expect(watermarkProblem({ ...on, content: ['time', 'time'] })?.key).toBe('org.watermark.badContent');
    expect(watermarkProblem({ ...on, fontSize: 29 })).toEqual({ key: 'org.watermark.badFontSize', params: { min: 12, max: 28 } });
    expect(watermarkProblem({ ...on, density: 'thick' as never })?.key).toBe('org.watermark.badDensity');
  });
});

describe('skins: the member’s own choice wins only where the admin allows it', () => {
  it('picks the right skin', () => {
    expect(effectiveSkin(DEFAULT_THEME, null)).toBe('daybreakBlue');
    expect(effectiveSkin({ skin: 'mistyRed', membersChoose: true }, 'lilac')).toBe('lilac');
    expect(effectiveSkin({ skin: 'mistyRed', membersChoose: true }, null)).toBe('mistyRed');
    expect(effectiveSkin({ skin: 'mistyRed', membersChoose: false }, 'lilac')).toBe('mistyRed');
    expect(themeProblem({ skin: 'neon' as never, membersChoose: true })?.key).toBe('org.theme.badSkin');
  });
});

describe('where the watermark shows', () => {
  it('knows the app of a page from its route', () => {
    expect(pageAppId('forms.appView', { appId: '42', module: '7' })).toBe('42');
    expect(pageAppId('forms.detail', { app: '42', form: '7' })).toBe('42');
    expect(pageAppId('forms.tableSetting', { appId: '42' })).toBe('42');
    // These read {appId} as a system id.
    expect(pageAppId('appcenter.system', { appId: '42' })).toBeNull();
    expect(pageAppId('forms.recycle', { appId: '42', module: 'app' })).toBeNull();
    expect(pageAppId('portal.workbench', {})).toBeNull();
  });

  it('on every page, or on the chosen apps’ pages only, and never while off', () => {
    const apps = { ...DEFAULT_WATERMARK, enabled: true, scope: 'apps' as const, appIds: ['42'] };
    expect(watermarkShownOn(apps, '42')).toBe(true);
    expect(watermarkShownOn(apps, '43')).toBe(false);
    expect(watermarkShownOn(apps, null)).toBe(false);
    expect(watermarkShownOn({ ...apps, scope: 'all' }, null)).toBe(true);
    expect(watermarkShownOn({ ...apps, enabled: false, scope: 'all' }, '42')).toBe(false);
  });

  it('says the chosen things in order, the time to the minute', () => {
    const at = new Date(2026, 2, 5, 9, 7, 59);
    expect(watermarkLines(['name', 'login', 'time'], { name: '王工', loginId: 'acme.admin' }, at)).toEqual(['王工', 'acme.admin', '2026-03-05 09:07']);
    expect(watermarkLines(['time', 'login'], { name: '', loginId: 'u1' }, at)).toEqual(['2026-03-05 09:07', 'u1']);
  });
});
