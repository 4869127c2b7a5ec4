import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseInfoAtom, languageAtom, type BaseInfo } from '../../../kernel/atoms.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage } from '../../../testing/page-kit.tsx';
import { MobileMePage } from './MobileMePage.tsx';

afterEach(cleanup);

const member = {
  id: '1', loginId: 'acme.user', name: 'Ada', entId: 'acme', entName: 'Acme', roles: ['user'], ownSpaceId: 'acme',
  spaces: [{ id: 'acme', name: 'Acme', roles: ['user'] }, { id: 'nova', name: 'Nova', roles: ['user'] }],
};
const signedIn = (store: Parameters<NonNullable<Parameters<typeof renderPage>[6]>>[0]) => {
  store.set(baseInfoAtom, { user: member } as unknown as BaseInfo);
  store.set(languageAtom, 'en');
};
const settleCalls = () => act(async () => new Promise((r) => setTimeout(r, 20)));

describe('MobileMePage', () => {
  it('shows who is signed in, leads to the web personal settings in this space, and signs out to the phone sign-in', async () => {
    const hardNavigate = vi.fn();
    const { api, calls } = fakeApi({ 'POST /api/account/logout': {} });
    await renderPage(MobileMePage, '/space-acme/m/me', api, 'en', undefined, { hardNavigate }, signedIn);
    expect(byTestId('m-me-name')?.textContent).toBe('Ada');
    expect(byTestId('m-me')?.textContent).toContain('acme.user · Acme');
    expect(byTestId('m-me-settings')?.getAttribute('href')).toBe('/space-acme/setting/center');
    await click('m-me-sign-out');
    await settleCalls();
    expect(calls.map((c) => c.path)).toEqual(['/api/account/logout']);
    expect(hardNavigate).toHaveBeenCalledWith('/m/login');
  });

  it('switches the space and opens the mobile home there; the current space is marked and not switched to', async () => {
    const hardNavigate = vi.fn();
    const { api, calls } = fakeApi({ 'POST /api/account/space': {} });
    await renderPage(MobileMePage, '/m/me', api, 'en', undefined, { hardNavigate }, signedIn);
    expect(byTestId('m-me-space-acme')?.getAttribute('aria-pressed')).toBe('true');
    await click('m-me-space-acme');
    expect(calls).toEqual([]);
    await click('m-me-space-nova');
    await settleCalls();
    expect(calls[0]).toMatchObject({ path: '/api/account/space', body: { spaceId: 'nova' } });
    expect(hardNavigate).toHaveBeenCalledWith('/m/home');
  });

  it('changes the language through the shell, and says why a sign-out was refused', async () => {
    const setLanguage = vi.fn();
    const hardNavigate = vi.fn();
    const { api } = fakeApi({
      'POST /api/account/logout': () => {
        throw refuse(503, 'common.serviceUnavailable', 'The service is not available.');
      },
    });
    await renderPage(MobileMePage, '/m/me', api, 'en', undefined, { setLanguage, hardNavigate }, signedIn);
    await click('m-me-lang-zh-CN');
    expect(setLanguage).toHaveBeenCalledWith('zh-CN');
    await click('m-me-sign-out');
    await settleCalls();
    expect(byTestId('m-me-error')?.textContent).toContain('The service is not available.');
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});
