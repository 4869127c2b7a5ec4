import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '../../../../shared/org/appearance.ts';
import { appearanceAtom } from '../../../shell/appearance.ts';
import { byTestId, cleanup, click, fakeApi, renderPage, routerAt, settle } from '../../../testing/page-kit.tsx';
import { FormDetailPage } from './FormDetailPage.tsx';

/** "Discuss in chat" on a record (decision 0052): shown only with the web chat switch on, opens qChat on the chat. */
const form = { id: '7', name: 'Orders', appId: '3', appName: 'Sales', systemName: 'Business', version: 1, fields: [{ key: 'f1', type: 'text', label: 'Title', required: true, title: true }], can: {} };
const record = { id: '42', number: 'SO-0042', ownerId: '11', ownerDeptId: null, formVersion: 1, createdBy: '11', updatedBy: '11', handlerId: null, createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', rowVersion: 1, values: { f1: 'Pumps' } };
const URL = '/space-acme/3/detail/7?id=42';
const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/forms/forms/7': form,
  'GET /api/forms/forms/7/records/42': { record, can: { modify: false, delete: false, share: false, transfer: false }, labels: { users: { '11': 'Ada' } } },
  'GET /api/forms/forms/7/records/42/comments': { comments: [] },
  'GET /api/org/picker/departments': { items: [], next: null },
  'GET /api/org/picker/members': { items: [{ id: '12', name: 'Bob', loginId: 'bob', department: null }], next: null },
  ...extra,
});
const chatOn = (store: { set: (atom: typeof appearanceAtom, value: typeof DEFAULT_APPEARANCE) => void }) => store.set(appearanceAtom, { ...DEFAULT_APPEARANCE, webchat: { enabled: true } });

afterEach(cleanup);

describe('discussing a record in chat', () => {
  it('is not offered while the space\'s web chat switch is off', async () => {
    await renderPage(FormDetailPage, URL, fakeApi(routes()).api);
    expect(byTestId('detail-title')?.textContent).toBe('Pumps');
    expect(byTestId('detail-chat')).toBeNull();
  });

  it('is not offered when the record cannot be seen', async () => {
    const { api } = fakeApi({ 'GET /api/forms/forms/7': form });
    await renderPage(FormDetailPage, URL, api, 'en', undefined, {}, chatOn);
    expect(byTestId('detail-not-found')).not.toBeNull();
    expect(byTestId('detail-chat')).toBeNull();
  });

  it('picks a member, opens the direct chat about the record and goes to qChat on it', async () => {
    const chat = { id: '88', kind: 'direct', title: 'Bob', source: null, createdBy: '1', members: [], lastMessage: null, unread: 0 };
    const { api, calls } = fakeApi(routes({ 'POST /api/chat/conversations/direct': chat }));
    await renderPage(FormDetailPage, URL, api, 'en', undefined, {}, chatOn);
    expect(byTestId('detail-chat')?.textContent).toBe('Discuss in chat');
    await click('detail-chat');
    expect(byTestId('detail-chat-start')?.hasAttribute('disabled')).toBe(true);
    await click('detail-chat-picker-open');
    const bob = [...document.querySelectorAll<HTMLElement>('[data-testid="detail-chat-picker-member-option"] input')].find((input) => input.closest('label')?.textContent?.includes('Bob'))!;
    await act(async () => bob.click());
    await settle();
    await click('detail-chat-picker-ok');
    await click('detail-chat-start');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: '12',
      source: { app: 'forms', recordId: '42', routeId: 'forms.detail', params: { app: '3', form: '7' }, query: { id: '42' }, title: 'Pumps' },
    });
    expect(routerAt.current).toBe('/space-acme/qChat?conversation=88');
  });
});
