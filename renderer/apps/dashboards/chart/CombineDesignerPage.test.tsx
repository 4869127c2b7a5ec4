import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Chart, ChartResult } from '../../../../shared/dashboards/model.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { CombineDesignerPage } from './CombineDesignerPage.tsx';
import { PREVIEW_DELAY_MS } from './use-preview.ts';

afterEach(cleanup);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const RESULT: ChartResult = {
  columns: [{ key: 'd0', label: 'Status', role: 'dimension', kind: 'text' }, { key: 'm1', label: 'Count', role: 'measure', kind: 'number' }],
  rows: [['OK', 2], ['Fault', 1]],
  keys: [['OK', 'Fault']],
  capped: null,
  at: '2026-03-01T00:00:00Z',
};
const CHART: Chart = {
  id: '5', version: 3, name: 'By status', type: 'table', appId: '3', tips: '', options: {},
  query: { formId: '7', dimensions: [{ field: 'f2' }], measures: [{ id: 'm1', aggregate: 'count', field: null }] },
  viewers: { everyone: true, roleGroups: [], members: [] }, editors: { everyone: false, roleGroups: [], members: [] },
  createdBy: '1', createdByName: 'Admin', updatedAt: '2026-03-01T00:00:00Z', canEdit: true,
};
const BASE = {
  'GET /api/appcenter/systems': { systems: [{ id: '1', name: 'Production', apps: [{ id: '3', name: 'Inspection app' }] }] },
  'GET /api/forms/apps/3/forms': { forms: [{ id: '7', name: 'Inspection', version: 1 }] },
  'GET /api/dashboards/fields?formId=7': { formId: '7', formName: 'Inspection', appId: '3', fields: [{ ref: 'f2', label: 'Status', kind: 'text', fieldType: 'select', numeric: false }] },
  'GET /api/forms/forms/7': { id: '7', name: 'Inspection', appId: '3', fields: [{ key: 'f2', type: 'select', label: 'Status', options: ['OK', 'Fault'] }] },
  'GET /api/org/role-groups': { groups: [] },
  'POST /api/dashboards/preview': RESULT,
};
const waitPreview = async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, PREVIEW_DELAY_MS + 50)));
  await settle();
};

describe('CombineDesignerPage', () => {
  it('edits a chart: live preview, the shared checks before sending, then PUT with the version read', async () => {
    const { api, calls } = fakeApi({ ...BASE, 'GET /api/dashboards/charts/5': CHART, 'PUT /api/dashboards/charts/5': ({ body }: { body?: unknown }) => ({ ...CHART, ...(body as { draft: object }).draft, version: 4 }) });
    await renderPage(CombineDesignerPage, '/space-acme/dataview/combineDesigner?id=5', api);
    await waitPreview();
    expect(byTestId('chart-preview')!.textContent).toContain('Fault');
    expect(calls.find((c) => c.path === '/api/dashboards/preview')!.body).toMatchObject({ type: 'table', query: { formId: '7' } });

    await type(byTestId('chart-name')!.querySelector('input') ?? (byTestId('chart-name') as HTMLInputElement), '');
    await click('chart-save');
    expect(byTestId('chart-problem-name')!.textContent).toBe('Enter a name');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await type(byTestId('chart-name')!.querySelector('input') ?? (byTestId('chart-name') as HTMLInputElement), 'Faults by status');
    await click('chart-save');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ version: 3, draft: { name: 'Faults by status', type: 'table' } });
    expect(byTestId('chart-saved')).not.toBeNull();
  });

  it('shows a 409 and the server 422 problems at their field, in the user language', async () => {
    let round = 0;
    const { api } = fakeApi({
      ...BASE,
      'GET /api/dashboards/charts/5': CHART,
      'PUT /api/dashboards/charts/5': () => {
        round += 1;
        if (round === 1) throw refuse(409, 'dashboards.chart.stale', 'Wang Fang saved this chart at 10:02');
        throw refuse(422, 'dashboards.validation.fieldHidden', 'x', { problems: [{ path: 'query.dimensions.0.field', key: 'k', text: '该字段不可见' }] });
      },
    });
    await renderPage(CombineDesignerPage, '/space-acme/dataview/combineDesigner?id=5', api, 'zh-CN');
    await click('chart-save');
    expect(byTestId('chart-save-error')!.textContent).toContain('Wang Fang');
    await click('chart-save');
    expect(byTestId('chart-problem-query.dimensions')!.textContent).toContain('该字段不可见');
  });

  it('starts over a form: asks for what the type needs, previews a number card once chosen', async () => {
    const { api, calls } = fakeApi({ ...BASE, 'POST /api/dashboards/preview': { ...RESULT, columns: [RESULT.columns[1]!], rows: [[3]], keys: [] } });
    await renderPage(CombineDesignerPage, '/space-acme/dataview/combineDesigner?form=7&app=3', api);
    await waitPreview();
    expect(byTestId('chart-preview-incomplete')).not.toBeNull();
    expect(calls.some((c) => c.path === '/api/dashboards/preview')).toBe(false);
    await click('chart-type-number');
    await waitPreview();
    expect(byTestId('chart-number')!.textContent).toContain('3');
  });

  it('says so when the chart is gone', async () => {
    const { api } = fakeApi({ ...BASE, 'GET /api/dashboards/charts/9': () => { throw refuse(404, 'dashboards.chart.notFound', 'Chart does not exist or has been deleted'); } });
    await renderPage(CombineDesignerPage, '/space-acme/dataview/combineDesigner?id=9', api);
    expect(byTestId('chart-load-error')!.textContent).toContain('Chart does not exist');
  });
});
