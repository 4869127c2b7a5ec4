import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeveloperApplication } from '../../../../shared/api/account-developer.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { DeveloperTab } from './DeveloperTab.tsx';

afterEach(cleanup);

const URL = '/space-acme/setting/center';
const Tab = () => <DeveloperTab />;
const text = (id: string) => byTestId(id)?.textContent ?? '';

function application(partial: Partial<DeveloperApplication> = {}): DeveloperApplication {
  return {
    id: '7', reason: 'Sync the MES', state: 'pending', createdAt: '2026-01-01T08:00:00.000Z', decidedAt: null, decidedBy: null, note: null,
    collectable: false, last4: null, endedAt: null, endedBy: null, lastUsedAt: null, ...partial,
  };
}

describe('the developer authorisation tab', () => {
  it('counts words as the server does, refuses 21, and applies with the reason', async () => {
    let stored: DeveloperApplication[] = [];
    const { api, calls } = fakeApi({
      'GET /api/account/developer': () => ({ applications: stored }),
      'POST /api/account/developer/applications': (call: { body?: unknown }) => {
        stored = [application({ reason: (call.body as { reason: string }).reason })];
        return { application: stored[0] };
      },
    });
    await renderPage(Tab, URL, api, 'en');
    const reason = byTestId('developer-reason') as HTMLTextAreaElement;
    const submit = () => byTestId('developer-submit') as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    await type(reason, Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '));
    expect(text('developer-word-count')).toBe('Words: 21 / 20');
    expect(submit().disabled).toBe(true);
    await type(reason, '对接生产 system');
    expect(text('developer-word-count')).toBe('Words: 5 / 20');
    await click('developer-submit');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/account/developer/applications', body: { reason: '对接生产 system' } }]);
    expect(text('developer-pending')).toContain('对接生产 system');
    expect(byTestId('developer-apply')).toBeNull();
    expect(text('developer-feedback')).toContain('Application sent');
  });

  it('shows the server\'s refusal and keeps the reason', async () => {
    const { api } = fakeApi({
      'GET /api/account/developer': { applications: [] },
      'POST /api/account/developer/applications': () => {
        throw refuse(409, 'account.developer.alreadyPending', 'You already have an application under review; please wait for its result.');
      },
    });
    await renderPage(Tab, URL, api, 'en');
    await type(byTestId('developer-reason') as HTMLTextAreaElement, 'Reports');
    await click('developer-submit');
    expect(text('developer-feedback')).toContain('already have an application');
    expect((byTestId('developer-reason') as HTMLTextAreaElement).value).toBe('Reports');
  });

  it('reveals an approved token once, then only its last 4 characters', async () => {
    const token = 'qpd_acme_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    let stored = [application({ state: 'approved', collectable: true, decidedAt: '2026-01-02T08:00:00.000Z' })];
    const { api, calls } = fakeApi({
      'GET /api/account/developer': () => ({ applications: stored }),
      'POST /api/account/developer/applications/7/collect': () => {
        stored = [application({ state: 'approved', collectable: false, last4: 'DEFG' })];
        return { token, application: stored[0] };
      },
    });
    await renderPage(Tab, URL, api, 'en');
    expect(byTestId('developer-last4')).toBeNull();
    await click('developer-reveal');
    expect(text('developer-token')).toContain(token);
    expect(text('developer-last4')).toBe('qpd_…DEFG');
    expect(byTestId('developer-reveal')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/collect'))).toHaveLength(1);
    // A live token: the form offers a reset (a new review), not a first application.
    expect(text('developer-apply')).toContain('Reset the token');
  });

  it('says the old token keeps working while a reset is reviewed, and shows a rejection with its reason', async () => {
    const live = application({ id: '5', state: 'approved', last4: 'WXYZ' });
    const { api } = fakeApi({ 'GET /api/account/developer': { applications: [application({ id: '8', reason: 'Rotate' }), live] } });
    await renderPage(Tab, URL, api, 'en');
    expect(text('developer-pending')).toContain('keeps working until it is approved');
    expect(byTestId('developer-apply')).toBeNull();
    cleanup();
    const { api: rejectedApi } = fakeApi({ 'GET /api/account/developer': { applications: [application({ id: '9', state: 'rejected', note: 'Use the export' })] } });
    await renderPage(Tab, URL, rejectedApi, 'en');
    expect(text('developer-rejected')).toContain('Use the export');
    expect(text('developer-apply')).toContain('Apply for developer authorisation');
  });

  it('revokes the live token after confirmation', async () => {
    let stored = [application({ state: 'approved', last4: 'WXYZ' })];
    const { api, calls } = fakeApi({
      'GET /api/account/developer': () => ({ applications: stored }),
      'POST /api/account/developer/applications/7/revoke': () => {
        stored = [application({ state: 'revoked', last4: 'WXYZ', endedBy: 'member' })];
        return { id: '7' };
      },
    });
    await renderPage(Tab, URL, api, 'en');
    await click('developer-revoke');
    const confirm = document.querySelector<HTMLButtonElement>('.arco-popconfirm .arco-btn-primary');
    expect(confirm).not.toBeNull();
    await act(async () => confirm!.click());
    await settle();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/account/developer/applications/7/revoke']);
    expect(byTestId('developer-live')).toBeNull();
    expect(text('developer-feedback')).toContain('Token revoked');
  });
});
