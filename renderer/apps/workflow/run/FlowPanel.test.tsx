import { afterEach, describe, expect, it } from 'vitest';
import { FormDetailPage } from '../../forms/detail/FormDetailPage.tsx';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { approverTask, detail, form, record, waitFor } from './test-kit.ts';

const URL = '/space-acme/3/detail/7?id=42';
const FORM = '/api/forms/forms/7';
const FLOW = '/api/workflow/forms/7/records/42';
const all = { modify: true, delete: true, share: false, transfer: false };

function routes(extra: Record<string, unknown> = {}) {
  return {
    [`GET ${FORM}`]: form,
    [`GET ${FORM}/records/42`]: { record, can: all, labels: {} },
    [`GET ${FORM}/records/42/comments`]: { comments: [] },
    [`GET ${FLOW}`]: detail(),
    ...extra,
  };
}

const input = (testId: string) => byTestId(testId)?.querySelector('input, textarea') as HTMLInputElement;

afterEach(cleanup);

describe('the flow panel on the record page', () => {
  it('shows where the flow stands, every action with who did it for whom, the CCs; no edit or delete while in flow', async () => {
    const { api } = fakeApi(routes());
    await renderPage(FormDetailPage, URL, api);
    await waitFor('flow-panel');
    expect(byTestId('detail-edit')).toBeNull();
    expect(byTestId('detail-delete')).toBeNull();
    expect(byTestId('flow-state')?.textContent).toBe('Running');
    expect(byTestId('flow-node-start')?.dataset['status']).toBe('done');
    expect(byTestId('flow-node-n1')?.dataset['status']).toBe('current');
    expect(byTestId('flow-node-end')?.dataset['status']).toBe('pending');
    expect(byTestId('flow-log-1')?.textContent).toContain('Bob (on behalf of Ada)');
    expect(byTestId('flow-log-1')?.textContent).toContain('As agent');
    expect(byTestId('flow-log-2')?.textContent).toContain('Approved automatically: the same approver already approved in this round.');
    expect(byTestId('flow-cc')?.textContent).toContain('Cy');
    // The node opens f2 only: f1 is shown as text, f2 as an input.
    expect(input('record-field-f1')).toBeNull();
    expect(input('record-field-f2')?.value).toBe('old');
    for (const id of ['approve', 'return', 'entrust', 'cc', 'saveTaskDraft']) expect(byTestId(`flow-action-${id}`), id).not.toBeNull();
  });

  it('approves with the required opinion (counted up to 60) and the changed field, then reads the flow again', async () => {
    let reads = 0;
    const { api, calls } = fakeApi(routes({ [`GET ${FLOW}`]: () => (reads++, detail()), 'POST /api/workflow/instances/5/approve': { state: 'approved' } }));
    await renderPage(FormDetailPage, URL, api);
    await waitFor('flow-panel');
    await type(input('record-field-f2'), 'checked');
    await click('flow-action-approve');
    await click('flow-dialog-ok');
    expect(byTestId('flow-dialog-reason-problem')?.textContent).toBe('Please enter a reason.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const box = byTestId('flow-dialog-reason') as HTMLTextAreaElement;
    expect(document.querySelector(`label[for="${box.id}"]`)?.textContent).toContain('Opinion');
    await type(byTestId('flow-dialog-reason') as HTMLTextAreaElement, ` ${'😀'.repeat(61)} `);
    expect(byTestId('flow-dialog-reason-count')?.textContent).toBe('61/60');
    await click('flow-dialog-ok');
    expect(byTestId('flow-dialog-reason-problem')?.textContent).toBe('The reason may be at most 60 characters.');

    await type(byTestId('flow-dialog-reason') as HTMLTextAreaElement, ' Fine ');
    await click('flow-dialog-ok');
    await settle();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/workflow/instances/5/approve', body: { taskId: '71', reason: 'Fine', values: { f2: 'checked' } } });
    expect(reads).toBe(2);
  });

  it('shows the server\'s refusal in the dialog, in the user\'s language', async () => {
    const { api } = fakeApi(routes({ 'POST /api/workflow/instances/5/return': () => { throw refuse(409, 'workflow.taskNotPending', '该待办已被处理。'); } }));
    await renderPage(FormDetailPage, URL, api, 'zh-CN');
    await waitFor('flow-panel');
    expect(byTestId('flow-action-return')?.textContent).toBe('退回');
    await click('flow-action-return');
    await type(byTestId('flow-dialog-reason') as HTMLTextAreaElement, '信息不全');
    await click('flow-dialog-ok');
    await settle();
    expect(byTestId('flow-dialog-error')?.textContent).toBe('该待办已被处理。');
  });

  it('an entrustment waiting for my answer offers accept and refuse; accept goes at once', async () => {
    const asked = detail({ myTasks: [{ ...approverTask, as: 'answer', actions: ['acceptEntrust', 'refuseEntrust'] }] });
    const { api, calls } = fakeApi(routes({ [`GET ${FLOW}`]: asked, 'POST /api/workflow/instances/5/acceptEntrust': { state: 'running' } }));
    await renderPage(FormDetailPage, URL, api);
    await waitFor('flow-panel');
    expect(byTestId('flow-task-as')?.textContent).toContain('Me entrusts this to-do to you');
    expect(byTestId('flow-action-approve')).toBeNull();
    await click('flow-action-acceptEntrust');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ taskId: '71' });
  });

  it('without a record rule, shows the record as the flow does: the node\'s hidden fields absent', async () => {
    const { api } = fakeApi(routes({ [`GET ${FORM}/records/42`]: () => { throw refuse(404, 'forms.recordNotFound', 'Not found'); } }));
    await renderPage(FormDetailPage, URL, api);
    await waitFor('flow-record');
    await waitFor('flow-panel');
    expect(byTestId('detail-title')?.textContent).toBe('Pumps');
    expect(byTestId('record-field-f1')?.textContent).toContain('Pumps');
    expect(byTestId('record-field-f3')).toBeNull();
  });

  it('the initiator resubmits a returned flow with his changes, or keeps them as a draft', async () => {
    const returned = detail({
      instance: { ...detail().instance, state: 'returned', currentNodes: [] }, myTasks: [], fields: { f1: 'editable', f2: 'editable', f3: 'hidden' },
      can: { ...detail().can, submit: true, saveDraft: true, invalidate: true },
    });
    const { api, calls } = fakeApi(routes({ [`GET ${FLOW}`]: returned, 'POST /api/workflow/instances/5/submit': { state: 'running' } }));
    await renderPage(FormDetailPage, URL, api);
    await waitFor('flow-panel');
    expect(byTestId('flow-node-start')?.dataset['status']).toBe('current');
    await type(input('record-field-f1'), 'Valves');
    await click('flow-action-submit');
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/workflow/instances/5/submit', body: { values: { f1: 'Valves' } } });
    expect(byTestId('flow-action-saveDraft')).not.toBeNull();
    expect(byTestId('flow-action-invalidate')).not.toBeNull();
  });
});
