import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, renderPage, settle, type } from '../../testing/page-kit.tsx';
import { MessageCenterPage } from './MessageCenterPage.tsx';
import { recipientsOf } from './SendNoticeDialog.tsx';
import { counts, queryApi } from '../../testing/messages-kit.ts';

afterEach(cleanup);

describe('the notice dialog', () => {
  it('sends picked people as the recipient lists of shared/messages/notify.ts', () => {
    expect(
      recipientsOf([
        { kind: 'member', id: '7', name: 'Ann' },
        { kind: 'department', id: '3', name: 'Plant' },
        { kind: 'roleGroup', id: '9', name: 'Managers' },
        { kind: 'member', id: '8', name: 'Bo' },
      ]),
    ).toEqual({ members: ['7', '8'], departments: ['3'], roleGroups: ['9'] });
  });

  it('asks for recipients and a title before sending, then posts the notice', async () => {
    const { api, calls } = queryApi({
      'GET /api/messages': { items: [], next: null },
      'GET /api/messages/unread': counts({}),
      'GET /api/org/picker/departments': { items: [], next: null },
      'GET /api/org/picker/members': { items: [{ id: '7', name: 'Ann', department: null }], next: null },
      'POST /api/messages/notices': { recipients: 1 },
    });
    await renderPage(MessageCenterPage, '/space-acme/user/messagecenter', api, 'en', ['admin']);
    await click('messages-send-notice');
    await click('notice-send');
    expect(byTestId('notice-error')!.textContent).toBe('Pick at least one recipient');
    await click('notice-recipients-open');
    const ann = [...document.querySelectorAll<HTMLElement>('.arco-modal [role="option"], .arco-modal label, .arco-modal li')].find((n) => n.textContent?.includes('Ann'));
    expect(ann).toBeDefined();
    await act(async () => ann!.click());
    await click('notice-recipients-ok');
    await type(byTestId('notice-subject') as HTMLInputElement, 'Fire drill at 3');
    await click('notice-priority-high');
    await click('notice-send');
    await settle();
    expect(calls.find((c) => c.path === '/api/messages/notices')!.body).toEqual({ members: ['7'], title: 'Fire drill at 3', priority: 'high' });
    expect(byTestId('messages-feedback')!.textContent).toContain('Recipients: 1');
  }, 30_000); // two dialogs of Arco in jsdom: seconds on a loaded 2-core machine, not a speed claim
});
