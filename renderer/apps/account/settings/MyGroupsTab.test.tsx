import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { MyGroupsTab } from './MyGroupsTab.tsx';

afterEach(cleanup);

const GROUPS = {
  mine: [{ id: '5', name: '质检搭档', members: [{ id: '7', name: '王工', loginId: 'acme.user' }, { id: '8', name: '李工', loginId: 'acme.safe' }] }],
  public: [{ id: '1', name: '班组长', members: 12, joined: true }, { id: '2', name: '安全员', members: 3, joined: false }],
};
const Page = () => <MyGroupsTab />;
const nameInput = () => document.querySelector<HTMLInputElement>('input[data-testid="my-group-name"]')!;
const save = async () => {
  await act(async () => document.querySelector<HTMLElement>('[data-testid="my-group-save"]')!.click());
  await settle();
};

describe('personal settings: user groups', () => {
  it('lists his private groups with their scope and the public groups with whether he is in them', async () => {
    await renderPage(Page, '/space-acme/setting/center', fakeApi({ 'GET /api/org/me/groups': GROUPS }).api, 'en', ['user']);
    expect(byTestId('my-groups-mine')!.textContent).toContain('王工、李工');
    const shared = byTestId('my-groups-public')!.textContent!;
    expect(shared).toContain('Members: 12');
    expect(shared).toContain('You are in it');
    expect(shared).toContain('Not in it');
    // Public groups are the administrator's: no edit or delete for them here.
    expect(byTestId('my-group-edit-班组长')).toBeNull();
    expect(byTestId('my-group-edit-质检搭档')).not.toBeNull();
  });

  it('a new group needs a name and a user scope (§5); nothing is sent without them', async () => {
    const { api, calls } = fakeApi({ 'GET /api/org/me/groups': { mine: [], public: [] } });
    await renderPage(Page, '/space-acme/setting/center', api, 'en', ['user']);
    expect(byTestId('my-groups-mine')!.textContent).toContain('You have no private groups yet.');
    await click('my-group-add');
    await save();
    expect(document.body.textContent).toContain('The user group name is required.');
    await type(nameInput(), '装配');
    await save();
    expect(document.body.textContent).toContain('The user scope is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('renames a group with its scope, shows a refusal, and deletes a group', async () => {
    let taken = true;
    const { api, calls } = fakeApi({
      'GET /api/org/me/groups': GROUPS,
      'PUT /api/org/me/groups/5': (call: { body: any }) => {
        if (taken) throw refuse(409, 'orgSelf.groups.nameTaken', 'You already have a group named "装配".');
        return { ...GROUPS, mine: [{ ...GROUPS.mine[0], name: call.body.name }] };
      },
      'DELETE /api/org/me/groups/5': { ...GROUPS, mine: [] },
    });
    await renderPage(Page, '/space-acme/setting/center', api, 'en', ['user']);
    await click('my-group-edit-质检搭档');
    expect(nameInput().value).toBe('质检搭档');
    await type(nameInput(), ' 装配 ');
    await save();
    expect(byTestId('my-group-error')!.textContent).toContain('already have a group');
    taken = false;
    await save();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ name: '装配', memberIds: ['7', '8'] });
    expect(byTestId('my-group-edit-装配')).not.toBeNull();
    await click('my-group-delete-装配');
    await act(async () => document.querySelector<HTMLElement>('.arco-popconfirm .arco-btn-primary')!.click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/org/me/groups/5')).toBe(true);
    expect(byTestId('my-groups-mine')!.textContent).toContain('You have no private groups yet.');
  });
});
