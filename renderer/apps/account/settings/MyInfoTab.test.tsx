import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { MyInfoTab } from './MyInfoTab.tsx';

afterEach(cleanup);

const PROFILE = {
  id: '7', loginId: 'acme.user', name: '王工', gender: 'male', birthday: '1990-05-01', departments: ['生产部', '质量部'], phone: '13800000001', email: 'wang@example.com',
  qq: null, idCard: '11010519491231002X', address: '上海', signature: '安全第一', portrait: null, mainPost: '班组长', partTimePosts: ['质检员'], superior: '李主管',
  extension: '8001', entryDate: '2020-03-01', jobDescription: '装配线', fields: [{ id: '3', label: 'Shoe size', kind: 'number', options: [], required: true, value: '42' }],
  editable: ['phone', 'email', 'qq', 'address', 'signature', 'birthday'], updatedAt: '2026-01-01 08:00:00+00',
};
const Page = () => <MyInfoTab />;
const input = (id: string) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"] input, input[data-testid="${id}"]`)!;

describe('personal settings: my info', () => {
  it('shows his §3 information; only what the administrator allows has an input; phone and e-mail are bound elsewhere', async () => {
    await renderPage(Page, '/space-acme/setting/center', fakeApi({ 'GET /api/org/me/profile': PROFILE }).api, 'en', ['user']);
    expect(byTestId('my-info-departments')!.textContent).toBe('生产部、质量部');
    expect(byTestId('my-info-superior')!.textContent).toBe('李主管');
    expect(byTestId('my-info-partTimePosts')!.textContent).toBe('质检员');
    expect(byTestId('my-info-idCard')!.querySelector('input')).toBeNull();
    expect(byTestId('my-info-idCard')!.textContent).toBe('11010519491231002X');
    expect(byTestId('my-info-name')!.querySelector('input')).toBeNull();
    expect(byTestId('my-info-phone')!.querySelector('input')).toBeNull();
    expect(byTestId('my-info-phone')!.textContent).toBe('13800000001');
    expect(byTestId('my-info-bound-hint')!.textContent).toContain('Account security');
    expect(input('my-info-input-signature').value).toBe('安全第一');
    expect(input('my-info-field-3').value).toBe('42');
    expect(byTestId('avatar-fixed')!.textContent).toContain('administrator');
    expect(byTestId('avatar-change')).toBeNull();
  });

  it('saves only what changed, with the version it read', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/me/profile': PROFILE, 'PUT /api/org/me/profile': (call: { body: any }) => ({ ...PROFILE, ...call.body.changes, updatedAt: 'later' }) });
    await renderPage(Page, '/space-acme/setting/center', api, 'en', ['user']);
    await type(input('my-info-input-signature'), '质量至上');
    await type(input('my-info-input-address'), '上海');
    await type(input('my-info-field-3'), '43');
    await click('my-info-save');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ changes: { signature: '质量至上' }, fields: { '3': '43' }, updatedAt: PROFILE.updatedAt });
    expect(byTestId('my-info-signature')!.textContent).toContain('4/40');
  });

  it('a signature of 41 letters is refused here, before anything is sent', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/me/profile': PROFILE });
    await renderPage(Page, '/space-acme/setting/center', api, 'en', ['user']);
    await type(input('my-info-input-signature'), '质'.repeat(41));
    expect(byTestId('my-info-signature-count')!.textContent).toBe('41/40 letters');
    await click('my-info-save');
    expect(byTestId('my-info-signature')!.textContent).toContain('at most 40 letters');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('the server\'s refusal is shown under the field it names; a conflict above the buttons', async () => {
    let answer = refuse(422, 'org.member.qqFormat', 'The QQ number is not valid.', { field: 'qq' });
    const { api } = fakeApi({ 'GET /api/org/me/profile': PROFILE, 'PUT /api/org/me/profile': () => { throw answer; } });
    await renderPage(Page, '/space-acme/setting/center', api, 'en', ['user']);
    await type(input('my-info-input-qq'), '12345');
    await click('my-info-save');
    expect(byTestId('my-info-qq')!.textContent).toContain('The QQ number is not valid.');
    answer = refuse(409, 'org.member.changedMeanwhile', 'Changed meanwhile; reload.');
    await click('my-info-save');
    expect(byTestId('my-info-problem')!.textContent).toContain('Changed meanwhile');
  });

  it('when he may change his avatar, a file that is no image is refused in the browser and nothing is uploaded', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/me/profile': { ...PROFILE, editable: [...PROFILE.editable, 'portrait'], portrait: '/api/org/members/7/portrait?v=1' } });
    await renderPage(Page, '/space-acme/setting/center', api, 'en', ['user']);
    expect(byTestId('my-avatar-image')!.getAttribute('src')).toBe('/api/org/members/7/portrait?v=1');
    expect(byTestId('avatar-remove')).not.toBeNull();
    const file = new File(['%PDF-1.4 not an image'], 'avatar.png', { type: 'image/png' });
    const chooser = byTestId('avatar-file') as HTMLInputElement;
    Object.defineProperty(chooser, 'files', { value: [file], configurable: true });
    await act(async () => void chooser.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
    expect(byTestId('avatar-error')!.textContent).toContain('JPG, JPEG, GIF, PNG or BMP');
    expect(byTestId('avatar-cropper')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
