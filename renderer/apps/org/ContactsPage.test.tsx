import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, renderPage, settle } from '../../testing/page-kit.tsx';
import { ContactsPage } from './ContactsPage.tsx';

afterEach(cleanup);

const routes = {
  'GET /api/org/picker/departments': { items: [{ id: '5', name: 'Plant', code: 'P', parentId: null, hasChildren: false, disabled: false }], next: null },
  'GET /api/org/contacts': {
    contacts: [
      { id: '1', name: '李四', initials: 'ls', departments: ['Plant'], mainPost: 'Lead' },
      { id: '2', name: '张三', initials: 'zs', departments: [], mainPost: null, phone: '13900000001' },
    ],
    next: null,
  },
  'GET /api/org/contacts/2': { id: '2', name: '张三', initials: 'zs', departments: [], mainPost: null, phone: '13900000001', gender: 'male' },
};

describe('ContactsPage', () => {
  it('lists members under the letters of their initials and opens a card with the fields the server sent', async () => {
    await renderPage(ContactsPage, '/space-acme/organization/contacts', fakeApi(routes).api, 'en', ['user']);
    const headings = [...document.querySelectorAll('.qp-contacts-letter')].map((h) => h.textContent);
    expect(headings).toEqual(['L', 'Z']);
    expect(byTestId('contacts-settings')).toBeNull();
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid="contact-row"]')].find((r) => r.textContent?.includes('张三'))!;
    await act(async () => row.click());
    await settle();
    const card = byTestId('contact-card')!.textContent!;
    expect(card).toContain('13900000001');
    expect(card).toContain('Male');
    expect(card).not.toContain('ID card');
  });

  it('offers the card-field setting to the administrator', async () => {
    const { api } = fakeApi({ ...routes, 'GET /api/org/contacts/settings': { visibleFields: ['phone'], seesAll: true } });
    await renderPage(ContactsPage, '/space-acme/organization/contacts', api, 'en', ['admin']);
    await click('contacts-settings');
    expect(document.body.textContent).toContain('Card fields members can see');
  });
});
