import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { byTestId, cleanup, fakeApi, renderPage } from '../../../testing/page-kit.tsx';
import { FormDetailPage } from './FormDetailPage.tsx';

/** The record page offers only what the space's data-sharing policy lets this viewer take out (decision 0046). */
const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'attachment', label: 'Files' },
];
const BASE = '/api/forms/forms/7';
const record = {
  id: '42', number: null, ownerId: '11', ownerDeptId: null, formVersion: 1, createdBy: '11', updatedBy: '11', handlerId: null,
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', rowVersion: 1,
  values: { f1: 'Pump', f2: [{ fileId: '5', name: 'manual.pdf', size: 2048, mime: 'application/pdf' }] },
};

function routes(allowed: boolean) {
  const can = { design: false, monitor: false, export: allowed, print: allowed, download: allowed, share: allowed };
  return {
    [`GET ${BASE}`]: { id: '7', name: 'Pumps', appId: '3', appName: 'Plant', systemName: 'Ops', version: 1, fields, can },
    // The server already folds the policy into the record's own `can.share`.
    [`GET ${BASE}/records/42`]: { record, can: { modify: false, delete: false, share: allowed, transfer: true }, labels: {} },
    [`GET ${BASE}/records/42/comments`]: { comments: [] },
  };
}

afterEach(cleanup);

describe('record page under the data-sharing policy', () => {
  it('allowed: print and share are offered and the attachment is a link', async () => {
    await renderPage(FormDetailPage, '/space-acme/3/detail/7?id=42', fakeApi(routes(true)).api);
    expect(byTestId('detail-print')).not.toBeNull();
    expect(byTestId('detail-share')).not.toBeNull();
    expect(byTestId('detail-values')?.querySelector('a')?.textContent).toBe('manual.pdf');
  });

  it('refused: no print or share button, the attachment is named but not linked', async () => {
    await renderPage(FormDetailPage, '/space-acme/3/detail/7?id=42', fakeApi(routes(false)).api);
    expect(byTestId('detail-print')).toBeNull();
    expect(byTestId('detail-share')).toBeNull();
    expect(byTestId('detail-transfer')).not.toBeNull();
    expect(byTestId('detail-values')?.textContent).toContain('manual.pdf');
    expect(byTestId('detail-values')?.querySelector('a')).toBeNull();
  });
});
