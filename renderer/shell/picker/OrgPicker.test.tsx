import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PickedItem } from '../../../shared/org/picker.ts';
import { byTestId, cleanup, click, fakeApi, renderPage, settle } from '../../testing/page-kit.tsx';
import { OrgPicker } from './OrgPicker.tsx';

afterEach(cleanup);

const picked: PickedItem[][] = [];
function Host({ multiple }: { multiple?: boolean }) {
  const [value, setValue] = useState<PickedItem[]>([{ kind: 'member', id: '1', name: 'Ann' }]);
  return <OrgPicker kinds={['member', 'department', 'roleGroup']} multiple={multiple} value={value} onChange={(v) => (picked.push(v), setValue(v))} testId="p" />;
}
const routes = {
  'GET /api/org/picker/departments': { items: [{ id: '5', name: 'Plant', code: 'P', parentId: null, hasChildren: true, disabled: false }], next: null },
  'GET /api/org/picker/members': { items: [{ id: '1', name: 'Ann', loginId: 'ann', department: 'Plant' }, { id: '2', name: 'Bob', loginId: 'bob', department: null }], next: null },
};
const option = (text: string) => [...document.querySelectorAll<HTMLElement>('[data-testid="p-member-option"] input')].find((input) => input.closest('label')?.textContent?.includes(text))!;

describe('OrgPicker', () => {
  it('shows the value as tags and changes it only on OK; one member replaces the other', async () => {
    await renderPage(() => <Host />, '/space-acme/organization/contacts', fakeApi(routes).api);
    expect(byTestId('p')?.textContent).toContain('Ann');
    await click('p-open');
    expect(byTestId('p-member-dept-node-Plant')).not.toBeNull();
    expect(option('Bob')).toBeDefined();
    await act(async () => option('Bob').click());
    await settle();
    expect(picked).toEqual([]);
    expect(byTestId('p-chosen')?.textContent).toContain('Bob');
    expect(byTestId('p-chosen')?.textContent).not.toContain('Ann');
    await click('p-ok');
    expect(picked.at(-1)).toEqual([{ kind: 'member', id: '2', name: 'Bob' }]);
  });

  it('says role groups are not available where their endpoint does not answer', async () => {
    await renderPage(() => <Host multiple />, '/space-acme/organization/contacts', fakeApi(routes).api);
    await click('p-open');
    await click('p-tab-roleGroup');
    expect(document.body.textContent).toContain('Role groups are not available yet');
  });
});
