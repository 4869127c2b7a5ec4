import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIELD_TYPES, type FieldDef } from '../../../../shared/forms/fields.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, routerAt, type, type Call } from '../../../testing/page-kit.tsx';
import { MobileEditPage } from './MobileEditPage.tsx';
import { fromLocalInput, localInputValue, touchInput, TOUCH_KIND } from './touch-inputs.tsx';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Equipment', required: true, title: true },
  { key: 'f2', type: 'number', label: 'Temperature', numberRule: { kind: 'between', min: -40, max: 400 } },
  { key: 'f3', type: 'select', label: 'Status', options: ['OK', 'Fault'] },
  { key: 'f4', type: 'date', label: 'Day' },
  { key: 'f5', type: 'datetime', label: 'Stopped at' },
  { key: 'f6', type: 'image', label: 'Photo' },
  { key: 'f7', type: 'member', label: 'Inspector' },
  { key: 'f8', type: 'subtable', label: 'Parts', columns: [{ key: 'f9', type: 'text', label: 'Part' }, { key: 'f10', type: 'date', label: 'Changed' }] },
];
const form = { id: '7', name: 'Inspection', appId: '3', appName: 'Plant', systemName: 'Production', version: 1, fields, can: { design: false, monitor: false } };
const directory = { users: [{ id: '11', name: 'Ada' }], departments: [] };
const created = { id: '42', number: 'DJ-1', rowVersion: 1, values: {} };

afterEach(cleanup);

/** Sets a native input's value the way React sees a picker do it. */
async function pick(id: string, value: string) {
  await type(byTestId(id) as HTMLInputElement, value);
}

describe('touch inputs', () => {
  it('name a way to enter every field type of the engine; the non-web ones replace the web input', () => {
    expect(Object.keys(TOUCH_KIND).sort()).toEqual([...FIELD_TYPES].sort());
    for (const type of FIELD_TYPES) {
      const replaced = touchInput({ field: { key: 'f1', type, label: 'x' }, value: null, onChange() {}, path: 'f1', errors: [] });
      expect(replaced !== undefined, type).toBe(TOUCH_KIND[type] !== 'web');
    }
  });

  it('keep date-times as UTC instants while showing the local time to the minute', () => {
    const iso = fromLocalInput('2026-03-01T08:30')!;
    expect(new Date(iso).getHours()).toBe(8);
    expect(localInputValue(iso)).toBe('2026-03-01T08:30');
    expect(fromLocalInput('')).toBeNull();
    expect(localInputValue('not a time')).toBe('');
  });
});

describe('MobileEditPage', () => {
  it('lays the form out for a phone: one column, native date pickers, drawers for choices, a camera for images, sub-table cards', async () => {
    await renderPage(MobileEditPage, '/space-acme/m/app/3/7/edit', fakeApi({ 'GET /api/forms/forms/7': form, 'GET /api/forms/directory': directory }).api);
    const formBox = byTestId('mf-record-form')!;
    for (const field of fields) expect(formBox.querySelector(`[data-testid="record-field-${field.key}"]`), field.key).not.toBeNull();
    expect(byTestId('mf-input-f4')?.getAttribute('type')).toBe('date');
    expect(byTestId('mf-input-f5')?.getAttribute('type')).toBe('datetime-local');
    expect(byTestId('mf-input-f3')?.tagName).toBe('BUTTON');
    const camera = formBox.querySelector('[data-testid="record-field-f6"] input[capture]');
    expect(camera?.getAttribute('capture')).toBe('environment');
    expect(camera?.getAttribute('accept')).toBe('image/*');
    expect(byTestId('take-photo-f6')?.textContent).toBe('Take a photo');
    expect(formBox.textContent).toContain('Choose from album');
    expect(formBox.querySelector('table')).toBeNull();
    await click('mf-input-f7');
    await click('mf-input-f7-option-11');
    expect(byTestId('mf-input-f7')?.textContent).toContain('Ada');
    const addRow = [...byTestId('mf-subtable-f8')!.querySelectorAll('button')].find((b) => b.textContent?.includes('Add row'))!;
    await act(async () => addRow.click());
    expect(byTestId('mf-subcard-f8-0')?.textContent).toContain('Part');
    expect(byTestId('mf-subcard-f8-0')?.querySelector('input[type="date"]')).not.toBeNull();
  });

  it('creates the record with what was entered by touch and opens it; checks first as the server will', async () => {
    const posted: Call[] = [];
    const { api } = fakeApi({
      'GET /api/forms/forms/7': form,
      'GET /api/forms/directory': directory,
      'POST /api/forms/forms/7/records': (call: Call) => (posted.push(call), created),
    });
    await renderPage(MobileEditPage, '/space-acme/m/app/3/7/edit', api);
    await click('mf-save');
    expect(posted).toHaveLength(0);
    expect(byTestId('record-field-f1')?.textContent).toContain('Equipment cannot be empty.');
    expect(byTestId('mf-notice')).not.toBeNull();
    await type(byTestId('record-field-f1')!.querySelector('input')!, 'Press 1');
    await click('mf-input-f3');
    await click('mf-input-f3-option-Fault');
    await pick('mf-input-f4', '2026-03-01');
    await pick('mf-input-f5', '2026-03-01T08:30');
    await click('mf-save');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ values: { f1: 'Press 1', f3: 'Fault', f4: '2026-03-01', f5: fromLocalInput('2026-03-01T08:30') } });
    expect(routerAt.current).toBe('/space-acme/m/app/3/7/42');
  });

  it("shows the server's 422 under the field it names and keeps what was typed", async () => {
    const { api } = fakeApi({
      'GET /api/forms/forms/7': form,
      'GET /api/forms/directory': directory,
      'POST /api/forms/forms/7/records': () => {
        throw refuse(422, 'common.invalid', 'The record has errors.', { errors: [{ field: 'f7', key: 'forms.validation.reference', params: { field: 'Inspector' } }] });
      },
    });
    await renderPage(MobileEditPage, '/space-acme/m/app/3/7/edit', api);
    await type(byTestId('record-field-f1')!.querySelector('input')!, 'Press 1');
    await click('mf-save');
    expect(byTestId('record-field-f7')?.textContent).toContain('Inspector refers to an invalid item.');
    expect(byTestId('mf-notice')?.textContent).toBe('The record has errors.');
    expect((byTestId('record-field-f1')!.querySelector('input') as HTMLInputElement).value).toBe('Press 1');
    expect(routerAt.current).toBe('/space-acme/m/app/3/7/edit');
  });

  it('edits an existing record with only the changed values and its row version; a record he may not change says so', async () => {
    const record = { id: '42', number: 'DJ-1', ownerId: '11', createdBy: '11', updatedBy: '11', handlerId: null, rowVersion: 3, createdAt: '', updatedAt: '', values: { f1: 'Press 1', f3: 'OK' } };
    const put: Call[] = [];
    const { api } = fakeApi({
      'GET /api/forms/forms/7': form,
      'GET /api/forms/directory': directory,
      'GET /api/forms/forms/7/records/42': { record, can: { modify: true, delete: true, share: false, transfer: false }, labels: {} },
      'PUT /api/forms/forms/7/records/42': (call: Call) => (put.push(call), { ...record, rowVersion: 4, values: { f1: 'Press 1', f3: 'Fault' } }),
    });
    await renderPage(MobileEditPage, '/space-acme/m/app/3/7/edit/42', api);
    expect(byTestId('mf-input-f3')?.textContent).toContain('OK');
    await click('mf-input-f3');
    await click('mf-input-f3-option-Fault');
    await click('mf-save');
    expect(put[0]?.body).toEqual({ values: { f3: 'Fault' }, rowVersion: 3 });
    expect(routerAt.current).toBe('/space-acme/m/app/3/7/42');
    cleanup();
    await renderPage(
      MobileEditPage,
      '/space-acme/m/app/3/7/edit/42',
      fakeApi({ 'GET /api/forms/forms/7': form, 'GET /api/forms/forms/7/records/42': { record, can: { modify: false, delete: false, share: false, transfer: false }, labels: {} } }).api,
    );
    expect(byTestId('mf-no-edit')?.textContent).toContain('You may not edit this record.');
  });
});
