import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '../../../shared/org/appearance.ts';
import { matchRoute } from '../../../shared/routes/match.ts';
import { byTestId, cleanup, click, fakeApi, renderPage } from '../../testing/page-kit.tsx';
import { ThemeColorPage } from './ThemeColorPage.tsx';
import { WatermarkPage } from './WatermarkPage.tsx';
import { WatermarkPreviewPage } from './WatermarkPreviewPage.tsx';
import { WebchatConfigPage } from './WebchatConfigPage.tsx';
import { lookFromQuery, previewPath } from './watermark-draft.ts';

afterEach(cleanup);

const apps = { apps: [{ id: '42', name: '设备点检 Equipment inspection' }] };

describe('watermark settings', () => {
  it('refuses on the page what the server would refuse, and saves the rest', async () => {
    const { api, calls } = fakeApi({
      'GET /api/org/appearance': DEFAULT_APPEARANCE,
      'GET /api/appcenter/apps': apps,
      'PUT /api/org/appearance/watermark': (call: { body: unknown }) => call.body,
    });
    const host = await renderPage(WatermarkPage, '/space-acme/watermark', api, 'en', ['admin']);
    await click('watermark-enabled');
    await click('watermark-scope-apps');
    await click('watermark-save');
    expect(byTestId('watermark-error')?.textContent).toContain('Choose at least one app');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await click('watermark-scope-all');
    await click('watermark-save');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ enabled: true, scope: 'all', content: ['name', 'login', 'time'] });
    expect(host.querySelector('[data-testid="watermark-preview"]')?.getAttribute('href')).toBe('/space-acme/watermark/preview?content=name%2Clogin%2Ctime&density=normal&opacity=normal&fontSize=16');
  });

  it('the preview shows the edited look with the viewer’s own name and login', async () => {
    const { api } = fakeApi({});
    const host = await renderPage(WatermarkPreviewPage, '/space-acme/watermark/preview?content=login,name&fontSize=20', api, 'en', ['admin']);
    expect(byTestId('watermark-preview-says')?.textContent).toBe('Each mark says: x · X');
    expect(host.querySelector<HTMLElement>('[data-testid="watermark-sample"]')?.style.backgroundImage).toContain('svg');
  });

  it('reads a preview address back, ignoring what is not a choice', () => {
    const match = matchRoute('/space-acme/watermark', { ownSpaceId: 'other' })!;
    const path = previewPath(match, { content: ['time'], density: 'dense', opacity: 'strong', fontSize: 24 });
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(lookFromQuery(query)).toEqual({ content: ['time'], density: 'dense', opacity: 'strong', fontSize: 24 });
    expect(lookFromQuery({ content: 'salary,name,name', density: 'thick', fontSize: '99' })).toEqual({ content: ['name'], density: 'normal', opacity: 'normal', fontSize: 16 });
  });
});

describe('theme and web chat settings', () => {
  it('saves the space skin and whether members choose', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/appearance': DEFAULT_APPEARANCE, 'PUT /api/org/appearance/theme': (call: { body: unknown }) => call.body });
    await renderPage(ThemeColorPage, '/space-acme/themeColor', api, 'zh-CN', ['admin']);
    await click('theme-skin-limeGreen');
    await click('theme-members-choose');
    await click('theme-save');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ skin: 'limeGreen', membersChoose: false });
    expect(document.body.dataset.skin).toBe('limeGreen');
  });

  it('says what members see while web chat is off, and turns it on', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/appearance': DEFAULT_APPEARANCE, 'PUT /api/org/appearance/webchat': { enabled: true } });
    await renderPage(WebchatConfigPage, '/space-acme/webchatConfig', api, 'en', ['admin']);
    expect(byTestId('webchat-state')?.textContent).toContain('the web chat function is not enabled');
    await click('webchat-enabled');
    await click('webchat-save');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true });
    expect(byTestId('webchat-state')?.textContent).toContain('It is on');
  });
});
