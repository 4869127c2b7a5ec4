import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordDrawer } from '../../forms/views/components/RecordDrawer.tsx';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import type { PageProps } from '../../types.ts';
import { fields, waitFor } from './test-kit.ts';
import { startLayout } from './StartFlowDrawer.tsx';

const START = 'GET /api/workflow/forms/7/start';
const flow = { version: 2, fields: { f2: 'readonly', f3: 'hidden' }, initiatorCc: true, choose: [{ id: 'n2', name: 'Buyer' }] };
let created: unknown[] = [];
function Drawer(_: PageProps) {
  return <RecordDrawer formId="7" formName="Orders" fields={fields} prefill={{ f2: 'from the board' }} onClose={() => {}} onCreated={(r) => created.push(r)} />;
}
const input = (testId: string) => byTestId(testId)?.querySelector('input') as HTMLInputElement | null;

afterEach(() => {
  cleanup();
  created = [];
});

describe('startLayout', () => {
  it('leaves hidden fields out and locks the read-only ones; a field the start node does not name is editable', () => {
    const layout = startLayout(fields, flow as never);
    expect(layout.shown.map((f) => f.key)).toEqual(['f1', 'f2']);
    expect(layout.locked).toEqual(['f2']);
    expect(layout.editable.map((f) => f.key)).toEqual(['f1']);
  });
});

describe('a new record of a form with a flow', () => {
  it('shows the start node\'s form, checks it, then submits through the engine with the chosen approvers', async () => {
    const { api, calls } = fakeApi({ [START]: { flow }, 'POST /api/workflow/forms/7/instances': { instanceId: '5', recordId: '42', state: 'running' } });
    await renderPage(Drawer, '/space-acme/form', api);
    await waitFor('flow-start-submit');
    expect(byTestId('record-field-f3')).toBeNull();
    expect(input('record-field-f2')).toBeNull(); // read-only: shown as text
    expect(byTestId('record-field-f2')?.textContent).toContain('from the board');
    expect(byTestId('flow-start-choose-n2')).not.toBeNull();
    expect(byTestId('flow-start-cc')).not.toBeNull();
    expect(byTestId('flow-start-for')).toBeNull(); // nobody to start it for
    expect(byTestId('record-submit')).toBeNull();

    await click('flow-start-submit');
    expect(byTestId('record-notice')?.textContent).toContain('1');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await type(input('record-field-f1')!, 'Pumps');
    await click('flow-start-submit');
    await settle();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/workflow/forms/7/instances', body: { values: { f1: 'Pumps' } } });
    expect(created).toEqual([null]);
  });

  it('saves an incomplete draft; a refusal is shown in the drawer', async () => {
    let fail = true;
    const { api, calls } = fakeApi({
      [START]: { flow },
      'POST /api/workflow/forms/7/instances': () => {
        if (fail) throw refuse(422, 'workflow.selectionRequired', 'Choose the approvers of "Buyer".');
        return { instanceId: '5', recordId: null, state: 'draft' };
      },
    });
    await renderPage(Drawer, '/space-acme/form', api);
    await waitFor('flow-start-draft');
    await click('flow-start-draft');
    await settle();
    expect(byTestId('record-notice')?.textContent).toBe('Choose the approvers of "Buyer".');
    fail = false;
    await click('flow-start-draft');
    await settle();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ values: {}, draft: true });
    expect(created).toEqual([null]);
  });

  it('without a flow (none published, or no workflow app) the plain drawer saves as before', async () => {
    const { api } = fakeApi({ [START]: { flow: null } });
    await renderPage(Drawer, '/space-acme/form', api);
    expect(byTestId('record-submit')).not.toBeNull();
    cleanup();
    const denied = fakeApi({ [START]: () => { throw refuse(403, 'common.noPermission', 'No permission'); } });
    await renderPage(Drawer, '/space-acme/form', denied.api);
    expect(byTestId('record-submit')).not.toBeNull();
  });

  it('a failed check is not taken for "no flow": it says so and retries', async () => {
    let down = true;
    const { api } = fakeApi({ [START]: () => { if (down) throw refuse(500, 'common.serviceUnavailable', 'Service is not available.'); return { flow }; } });
    await renderPage(Drawer, '/space-acme/form', api);
    expect((await waitFor('flow-start-error')).textContent).toContain('Service is not available.');
    expect(byTestId('record-submit')).toBeNull();
    down = false;
    await click('flow-start-retry');
    await waitFor('flow-start-submit');
  });

  it('an agent with "new data" may start it for his principal; by default for himself', async () => {
    const offered = { ...flow, choose: [], principals: [{ id: '9', name: 'Li Lei' }] };
    const { api, calls } = fakeApi({ [START]: { flow: offered }, 'POST /api/workflow/forms/7/instances': { instanceId: '5', recordId: '42', state: 'running' } });
    await renderPage(Drawer, '/space-acme/form', api);
    await waitFor('flow-start-for');
    expect(byTestId('flow-start-for')?.textContent).toContain('Myself');
    await click('flow-start-for');
    const option = [...document.querySelectorAll('.arco-select-option')].find((o) => o.textContent === 'For Li Lei (as agent)') as HTMLElement;
    await act(async () => option.click());
    await type(input('record-field-f1')!, 'Pumps');
    await click('flow-start-submit');
    await settle();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ values: { f1: 'Pumps' }, onBehalfOf: '9' });
  });
});
