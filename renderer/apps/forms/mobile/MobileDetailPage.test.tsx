import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, routerAt } from '../../../testing/page-kit.tsx';
import { MobileDetailPage } from './MobileDetailPage.tsx';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Equipment', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Status', options: ['OK', 'Fault'] },
];
const form = { id: '7', name: 'Inspection', appId: '3', appName: 'Plant', systemName: 'Production', version: 1, fields, can: { design: false, monitor: false } };
const record = { id: '42', number: 'DJ-1', ownerId: '11', createdBy: '11', updatedBy: '11', handlerId: null, rowVersion: 3, createdAt: '', updatedAt: '', values: { f1: 'Press 1', f2: 'Fault' } };
const answer = (modify: boolean) => ({ record, can: { modify, delete: false, share: false, transfer: false }, labels: { users: { '11': 'Ada' } } });
const AT = '/space-acme/m/app/3/7/42';

afterEach(cleanup);

describe('MobileDetailPage', () => {
  it('shows every visible field read-only, and "edit" to a member who may change the record', async () => {
    await renderPage(MobileDetailPage, AT, fakeApi({ 'GET /api/forms/forms/7': form, 'GET /api/forms/forms/7/records/42': answer(true) }).api);
    const shown = byTestId('mf-detail-fields')!;
    expect(shown.textContent).toContain('Press 1');
    expect(shown.textContent).toContain('Fault');
    expect(shown.querySelector('input, button')).toBeNull();
    await click('mf-edit-button');
    expect(routerAt.current).toBe('/space-acme/m/app/3/7/edit/42');
  });

  it('offers no edit without the right, nor while a flow holds the record, whose state it shows', async () => {
    await renderPage(MobileDetailPage, AT, fakeApi({ 'GET /api/forms/forms/7': form, 'GET /api/forms/forms/7/records/42': answer(false) }).api);
    expect(byTestId('mf-detail')).not.toBeNull();
    expect(byTestId('mf-edit-button')).toBeNull();
    cleanup();
    const flow = { instance: { state: 'running' } };
    await renderPage(MobileDetailPage, AT, fakeApi({ 'GET /api/forms/forms/7': form, 'GET /api/forms/forms/7/records/42': answer(true), 'GET /api/workflow/forms/7/records/42': flow }).api);
    expect(byTestId('mf-flow-state')?.textContent).toBe('Running');
    expect(byTestId('mf-edit-button')).toBeNull();
  });

  it('says plainly when the record does not exist or is not his to see', async () => {
    const hidden = () => {
      throw refuse(404, 'common.notFound', 'Not found');
    };
    await renderPage(MobileDetailPage, AT, fakeApi({ 'GET /api/forms/forms/7': form, 'GET /api/forms/forms/7/records/42': hidden }).api);
    expect(byTestId('mf-detail-missing')?.textContent).toContain('does not exist, or you may not see it');
  });
});
