import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { FormDetailPage } from './FormDetailPage.tsx';
import type { ApiRecord, RecordCan } from './types.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, routerAt, type, type Call } from '../../../testing/page-kit.tsx';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'number', label: 'Quantity' },
];
const form = { id: '7', name: 'Orders', appId: '3', appName: 'Sales', systemName: 'Business', version: 1, fields, can: { design: false, monitor: false } };
const record = (values: Record<string, unknown>, rowVersion = 4): ApiRecord => ({
  id: '42',
  number: 'SO-0042',
  ownerId: '11',
  ownerDeptId: null,
  formVersion: 1,
  createdBy: '11',
  updatedBy: '12',
  handlerId: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  rowVersion,
  values,
});
const none: RecordCan = { modify: false, delete: false, share: false, transfer: false };
const labels = { users: { '11': 'Ada Lovelace', '12': 'Alan Turing' } };
const URL = '/space-acme/3/detail/7?id=42';
const BASE = '/api/forms/forms/7';

function routes(can: RecordCan, extra: Record<string, unknown> = {}) {
  return {
    [`GET ${BASE}`]: form,
    [`GET ${BASE}/records/42`]: { record: record({ f1: 'Pumps', f2: 5 }), can, labels },
    [`GET ${BASE}/records/42/comments`]: { comments: [{ id: '9', authorName: 'Ada Lovelace', content: 'Checked the stock', attachments: [], createdAt: '2026-03-02T09:00:00.000Z' }] },
    ...extra,
  };
}

afterEach(cleanup);

describe('FormDetailPage', () => {
  it('shows the record, its system fields and its discussion', async () => {
    const { api } = fakeApi(routes(none));
    await renderPage(FormDetailPage, URL, api);
    expect(byTestId('detail-title')?.textContent).toBe('Pumps');
    expect(byTestId('system-number')?.textContent).toBe('SO-0042');
    expect(byTestId('system-ownerId')?.textContent).toBe('Ada Lovelace');
    expect(byTestId('system-updatedBy')?.textContent).toBe('Alan Turing');
    expect(byTestId('system-handlerId')?.textContent).toBe('None');
    expect(byTestId('comment-9')?.textContent).toContain('Checked the stock');
  });

  it('shows only the actions the server allows; print and QR code are always there', async () => {
    const { api } = fakeApi(routes({ ...none, delete: true }));
    await renderPage(FormDetailPage, URL, api);
    expect(byTestId('detail-edit')).toBeNull();
    expect(byTestId('detail-share')).toBeNull();
    expect(byTestId('detail-transfer')).toBeNull();
    expect(byTestId('detail-delete')).not.toBeNull();
    expect(byTestId('detail-print')).not.toBeNull();
    expect(byTestId('detail-qrcode')?.getAttribute('href')).toBe('/space-acme/app/qrcode?formId=7&ids=42');
    cleanup();

    const all = fakeApi(routes({ modify: true, delete: true, share: true, transfer: true }));
    await renderPage(FormDetailPage, URL, all.api);
    for (const id of ['detail-edit', 'detail-share', 'detail-transfer', 'detail-delete']) expect(byTestId(id), id).not.toBeNull();
  });

  it('deletes after confirmation and goes back to the application view', async () => {
    const { api, calls } = fakeApi(routes({ ...none, delete: true }, { [`POST ${BASE}/records/delete`]: { deleted: 1 } }));
    await renderPage(FormDetailPage, URL, api);
    await click('detail-delete');
    await click('detail-delete-ok');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['42'] });
    expect(routerAt.current).toBe('/space-acme/app/!/7/3');
  });

  it('on a 409 conflict keeps the user’s edit, shows the server’s text and offers the newer version', async () => {
    const newer = record({ f1: 'Valves', f2: 9 }, 5);
    const puts: Call[] = [];
    const { api } = fakeApi(
      routes({ ...none, modify: true }, {
        [`PUT ${BASE}/records/42`]: (call: Call) => {
          puts.push(call);
          throw refuse(409, 'common.conflict', 'Someone else changed this data; refresh and try again.', { current: newer });
        },
      }),
    );
    await renderPage(FormDetailPage, URL, api);
    await click('detail-edit');
    const input = document.querySelector<HTMLInputElement>('[data-testid="record-field-f1"] input')!;
    await type(input, 'Pumps and hoses');
    await click('detail-save');

    // Only the changed value goes, with the row version the user saw.
    expect(puts[0]?.body).toEqual({ values: { f1: 'Pumps and hoses' }, rowVersion: 4 });
    expect(byTestId('detail-conflict')?.textContent).toContain('Someone else changed this data');
    expect(document.querySelector<HTMLInputElement>('[data-testid="record-field-f1"] input')!.value).toBe('Pumps and hoses');
    expect(byTestId('detail-save')).not.toBeNull();

    await click('detail-reload');
    expect(byTestId('detail-conflict')).toBeNull();
    expect(document.querySelector<HTMLInputElement>('[data-testid="record-field-f1"] input')!.value).toBe('Valves');
    expect(byTestId('detail-title')?.textContent).toBe('Valves');
  });

  it('shows a 422 under the field it concerns', async () => {
    const { api } = fakeApi(
      routes({ ...none, modify: true }, {
        [`PUT ${BASE}/records/42`]: () => {
          throw refuse(422, 'validation.invalid', 'Invalid', { errors: [{ field: 'f2', key: 'validation.maximum', params: { field: 'Quantity', limit: 10 } }] });
        },
      }),
    );
    await renderPage(FormDetailPage, URL, api);
    await click('detail-edit');
    await type(document.querySelector<HTMLInputElement>('[data-testid="record-field-f1"] input')!, 'Hoses');
    await click('detail-save');
    expect(byTestId('record-field-f2')?.textContent).toContain('Quantity cannot be greater than 10.');
  });

  it('refuses to send an empty comment, as §5 says, without calling the server', async () => {
    const { api, calls } = fakeApi(routes(none));
    await renderPage(FormDetailPage, URL, api);
    await type(document.querySelector<HTMLTextAreaElement>('[data-testid="comment-input"] textarea, textarea[data-testid="comment-input"]')!, '   ');
    await click('comment-send');
    expect(byTestId('comment-problem')?.textContent).toBe('Discussion content cannot be empty.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('posts a comment and shows the discussion again', async () => {
    const { api, calls } = fakeApi(routes(none, { [`POST ${BASE}/records/42/comments`]: { id: '10' } }));
    await renderPage(FormDetailPage, URL, api);
    await type(document.querySelector<HTMLTextAreaElement>('textarea')!, '  Shipped today ');
    await click('comment-send');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Shipped today', attachments: [] });
    expect(calls.filter((c) => c.path.endsWith('/comments') && c.method === 'GET')).toHaveLength(2);
  });

  it('says a missing record does not exist or may not be seen, with a way back', async () => {
    const { api } = fakeApi({
      [`GET ${BASE}`]: form,
      [`GET ${BASE}/records/42`]: () => {
        throw refuse(404, 'forms.recordNotFound', 'The record does not exist or you may not see it.');
      },
    });
    await renderPage(FormDetailPage, URL, api);
    expect(byTestId('detail-not-found')?.textContent).toContain('The record does not exist or you may not see it');
    expect(byTestId('detail-back')?.getAttribute('href')).toBe('/space-acme/app/!/7/3');
  });

  it('speaks Chinese by default', async () => {
    const { api } = fakeApi(routes({ ...none, modify: true }));
    await renderPage(FormDetailPage, URL, api, 'zh-CN');
    await act(async () => undefined);
    expect(byTestId('detail-edit')?.textContent).toContain('编辑');
    expect(document.body.textContent).toContain('记录所有者');
  });
});
