import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, renderPage, settle, type } from '../../testing/page-kit.tsx';
import { ContactCard } from './ContactCard.tsx';
import { ElementManagePage } from './ElementManagePage.tsx';
import { ElementSettingPage } from './ElementSettingPage.tsx';
import { ExtensionPage } from './ExtensionPage.tsx';
import { MemberDialog } from './MemberDialog.tsx';

afterEach(cleanup);

const field = (id: string, label: string, more: Record<string, unknown> = {}) => ({
  id, label, labelEn: '', kind: 'text', options: [], required: false, onCard: false, selfEdit: false, enabled: true, sort: Number(id), valueCount: 0, ...more,
});
const FIELDS = { fields: [field('1', '工牌号', { labelEn: 'Badge No.', required: true }), field('2', '工龄', { kind: 'number', valueCount: 3 })], max: 30 };

describe('element pages (decision 0048)', () => {
  it('the hub shows each element with its live count and a link to the page that keeps it', async () => {
    const { api } = fakeApi({ 'GET /api/org/elements/summary': { departments: 7, posts: 4, roleGroups: 2, memberFields: 5, selfEditFields: 6 } });
    await renderPage(ElementManagePage, '/space-acme/console/elementManage', api, 'en', ['admin']);
    expect(byTestId('element-card-departments')!.textContent).toContain('7');
    expect(byTestId('element-card-extension')!.textContent).toContain('5');
    expect(byTestId('element-open-departments')!.getAttribute('href')).toBe('/space-acme/console/orgManage');
    expect(byTestId('element-open-posts')!.getAttribute('href')).toBe('/space-acme/console/postManage');
    expect(byTestId('element-open-roleGroups')!.getAttribute('href')).toBe('/space-acme/console/roleGroup');
    expect(byTestId('element-open-extension')!.getAttribute('href')).toBe('/space-acme/element/setting/extension');
    expect(byTestId('element-open-member')!.getAttribute('href')).toBe('/space-acme/element/setting/member');
    expect(byTestId('element-open-contacts')!.getAttribute('href')).toBe('/space-acme/element/setting/contacts');
  });

  it('an unknown settings page says so and leads back to the hub', async () => {
    await renderPage(ElementSettingPage, '/space-acme/element/setting/nonsense', fakeApi({}).api, 'en', ['admin']);
    const notFound = byTestId('element-setting-not-found')!;
    expect(notFound.textContent).toContain('No such settings page');
    expect(notFound.textContent).toContain('"nonsense"');
    expect(notFound.querySelector('a')!.getAttribute('href')).toBe('/space-acme/console/elementManage');
  });

  it('member self-edit: shows the stored list and saves the choice', async () => {
    const { api, calls } = fakeApi({
      'GET /api/org/member-self-edit': { fields: ['phone', 'email'] },
      'GET /api/org/member-fields': { fields: [field('3', '证书有效期', { selfEdit: true })], max: 30 },
      'PUT /api/org/member-self-edit': (call: { body: { fields: string[] } }) => ({ fields: call.body.fields }),
    });
    await renderPage(ElementSettingPage, '/space-acme/element/setting/member', api, 'en', ['admin']);
    const checked = [...document.querySelectorAll<HTMLInputElement>('[data-testid="self-edit-fields"] .arco-checkbox-checked input')].map((i) => i.value);
    expect(checked).toEqual(['phone', 'email']);
    expect(byTestId('self-edit-settings')!.textContent).toContain('证书有效期');
    const qq = document.querySelector<HTMLInputElement>('[data-testid="self-edit-fields"] input[value="qq"]')!;
    await act(async () => qq.click());
    await click('self-edit-save');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ fields: ['phone', 'email', 'qq'] });
  });

  it('address-book settings mount the address book\'s own setting dialog', async () => {
    const { api } = fakeApi({ 'GET /api/org/contacts/settings': { visibleFields: ['phone'], seesAll: true } });
    await renderPage(ElementSettingPage, '/space-acme/element/setting/contacts', api, 'en', ['admin']);
    expect(byTestId('contact-settings-current')!.textContent).toContain('Phone');
    await click('contact-settings-open');
    expect(document.body.textContent).toContain('Card fields members can see');
  });

  it('the extension page lists the fields; deleting one with values warns how many', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/member-fields': FIELDS, 'DELETE /api/org/member-fields/2': { removedValues: 3 } });
    await renderPage(ExtensionPage, '/space-acme/extension', api, 'en', ['admin']);
    expect(byTestId('fields-count')!.textContent).toBe('Defined: 2 of 30');
    expect(byTestId('field-row-工牌号')!.textContent).toContain('Badge No.');
    await click('field-delete-工龄');
    expect(document.body.textContent).toContain('(3)');
    const confirm = document.querySelector<HTMLElement>('.arco-popconfirm .arco-btn-primary')!;
    await act(async () => confirm.click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/org/member-fields/2')).toBe(true);
  });

  it('the member dialog asks for the extension fields and sends their values with the member', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/member-fields': FIELDS, 'POST /api/org/members': { id: '9', invitation: 'tok' } });
    const Dialog = () => <MemberDialog row={null} departments={[]} posts={[]} onClose={() => undefined} onSaved={() => undefined} />;
    await renderPage(Dialog, '/space-acme/sysop/memberAdmin', api, 'en', ['admin']);
    await type(document.querySelector<HTMLInputElement>('[data-testid="member-loginId"]')!, 'wang.wu');
    await type(document.querySelector<HTMLInputElement>('[data-testid="member-name"]')!, '王五');
    const ok = () => document.querySelector<HTMLElement>('.arco-modal-footer .arco-btn-primary')!;
    await act(async () => ok().click());
    await settle();
    expect(byTestId('member-fields-inputs')!.textContent).toContain('Badge No. cannot be empty.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await type(document.querySelector<HTMLInputElement>('[data-testid="member-field-工牌号"]')!, 'G-7');
    await type(document.querySelector<HTMLInputElement>('[data-testid="member-field-工龄"]')!, '3.5');
    await act(async () => ok().click());
    await settle();
    expect((calls.find((c) => c.method === 'POST')!.body as { fields: unknown }).fields).toEqual({ '1': 'G-7', '2': '3.5' });
  });

  it('the card shows the extension fields the server sent', async () => {
    const { api } = fakeApi({ 'GET /api/org/contacts/5': { id: '5', name: '张三', initials: 'zs', departments: [], mainPost: null, fields: [{ id: '1', label: 'Badge No.', kind: 'text', value: 'G-1' }] } });
    const Card = () => <ContactCard id="5" onClose={() => undefined} />;
    await renderPage(Card, '/space-acme/organization/contacts', api, 'en', ['user']);
    expect(byTestId('contact-card')!.textContent).toContain('Badge No.');
    expect(byTestId('contact-card')!.textContent).toContain('G-1');
  });
});
