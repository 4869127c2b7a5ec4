import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle } from '../../testing/page-kit.tsx';
import { EnterUserRegistPage } from './EnterUserRegistPage.tsx';

afterEach(cleanup);

const application = (loginId: string, loginTaken: boolean) => ({
  id: loginId === 'acme.user' ? '2' : '1', loginId, name: loginId, phone: null, message: '', state: 'pending', createdAt: '2026-11-29T05:00:00Z', decidedBy: null, note: null, loginTaken,
});

describe('EnterUserRegistPage', () => {
  it('marks an application whose login ID is taken (the applicant was not told), and shows the refusal of its approval', async () => {
    const { api, calls } = fakeApi({
      'GET /api/org/join-applications': { applications: [application('acme.user', true), application('new.person', false)] },
      'POST /api/org/join-applications/2/approve': () => {
        throw refuse(422, 'org.join.loginTaken', 'The login ID "acme.user" belongs to an existing account: reject the application and ask the applicant to apply again with another login ID.');
      },
    });
    await renderPage(EnterUserRegistPage, '/space-acme/sysop/enterUserRegist', api, 'en', ['admin']);
    expect(byTestId('join-taken-acme.user')?.textContent).toBe('Login ID already in use');
    expect(byTestId('join-taken-new.person')).toBeNull();
    await click('join-approve-acme.user');
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.arco-modal button')].find((b) => b.textContent === 'Approve')!;
    const { act } = await import('react');
    await act(async () => ok.click());
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/org/join-applications/2/approve');
    expect(document.body.textContent).toContain('belongs to an existing account');
  });
});
