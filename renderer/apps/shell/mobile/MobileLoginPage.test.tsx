import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { MobileLoginPage } from './MobileLoginPage.tsx';

afterEach(cleanup);

const input = (testId: string) => {
  const element = byTestId(testId);
  return (element instanceof HTMLInputElement ? element : element?.querySelector('input')) as HTMLInputElement;
};
/** Fills the two fields and submits as a tap on the button does. */
async function signIn(password = 'secret') {
  await type(input('m-login-id'), 'acme.user');
  await type(input('m-login-password'), password);
  await click('m-login-submit');
  for (let i = 0; i < 10; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
  await settle();
}

describe('MobileLoginPage', () => {
  it('signs in and goes back to the `/m/` page asked for, in its space', async () => {
    const hardNavigate = vi.fn();
    const { api, calls } = fakeApi({ 'POST /api/account/login': {} });
    await renderPage(MobileLoginPage, `/m/login?url=${encodeURIComponent('/space-acme/m/todo?instance=5')}`, api, 'en', undefined, { hardNavigate });
    expect(byTestId('m-login')?.textContent).toContain('Sign in');
    await signIn();
    expect(calls.find((c) => c.path === '/api/account/login')?.body).toEqual({ loginId: 'acme.user', password: 'secret' });
    expect(hardNavigate).toHaveBeenCalledWith('/space-acme/m/todo?instance=5');
  });

  it('after the second step goes to the mobile home when the page asked for is not a phone page', async () => {
    const hardNavigate = vi.fn();
    const { api, calls } = fakeApi({ 'POST /api/account/login': { secondStep: true, ticket: 't-1' }, 'POST /api/account/login/second-step': {} });
    await renderPage(MobileLoginPage, '/m/login?url=%2Fuser%2Fworkbench', api, 'en', undefined, { hardNavigate });
    await signIn();
    expect(hardNavigate).not.toHaveBeenCalled();
    await type(input('second-step-code'), '123456');
    await click('second-step-submit');
    for (let i = 0; i < 10; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(calls.find((c) => c.path === '/api/account/login/second-step')?.body).toEqual({ ticket: 't-1', code: '123456' });
    expect(hardNavigate).toHaveBeenCalledWith('/m/home');
  });

  it('says why a sign-in was refused and stays', async () => {
    const hardNavigate = vi.fn();
    const { api } = fakeApi({
      'POST /api/account/login': () => {
        throw refuse(422, 'account.wrongPassword', 'Wrong account or password.');
      },
    });
    await renderPage(MobileLoginPage, '/m/login', api, 'en', undefined, { hardNavigate });
    await signIn('wrong');
    expect(byTestId('login-error')?.textContent).toContain('Wrong account or password.');
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});
