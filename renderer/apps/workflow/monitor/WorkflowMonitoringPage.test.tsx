import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { queryApi, type Call } from '../../../testing/messages-kit.ts';
import type { MonitorRow } from './monitor-model.ts';
import { hoursAgo, monitorDetail, monitorRow } from './test-kit.ts';
import { WorkflowMonitoringPage } from './WorkflowMonitoringPage.tsx';

afterEach(cleanup);

const URL = '/space-acme/console/tmp/workflow/monitoring';
const LIST = 'GET /api/workflow/monitor';
const ACCESS = { 'GET /api/workflow/monitor/access': { manages: true } };
const row = (partial: Partial<MonitorRow>) => monitorRow(partial, Date.now());
const ago = (h: number) => hoursAgo(h, Date.now());
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="monitor-row"]')];
const rowOf = (id: string) => rows().find((r) => r.dataset.id === id)!;
const inRow = (id: string, testId: string) => rowOf(id).querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/workflow/monitor');
const reasonBox = () => byTestId('monitor-reason') as HTMLTextAreaElement;
const clickIn = (element: HTMLElement) => act(async () => element.click()).then(settle);

/** Picks the option whose text is `text` in the Arco select `testId` (options open in a popup on the body). */
async function choose(testId: string, text: string) {
  await clickIn(byTestId(testId)!.querySelector<HTMLElement>('.arco-select-view')!);
  await clickIn([...document.querySelectorAll<HTMLElement>('.arco-select-option')].find((o) => o.textContent === text)!);
}

const SAMPLE = [
  row({ id: '11', title: 'Late pump', overdue: true, dueAt: ago(1), since: ago(30), assignees: ['21', '22'] }),
  row({ id: '12', title: 'Old valve', since: ago(80), formId: '8', formName: 'Repair' }),
  row({ id: '13', title: '', formName: 'Purchase', assignees: [], recordId: null }),
  row({ id: '14', title: 'Held order', state: 'interrupted', assignees: [], currentNodes: [] }),
];

describe('workflow monitoring: the list', () => {
  it('tells a member who manages no flow so, without listing anything', async () => {
    const { api, calls } = queryApi({ 'GET /api/workflow/monitor/access': { manages: false } });
    await renderPage(WorkflowMonitoringPage, URL, api, 'en', ['user']);
    expect(document.querySelector('h1')!.textContent).toBe('Workflow monitoring');
    expect(byTestId('monitor-no-access')!.textContent).toContain('You do not manage any flow');
    expect(listCalls(calls)).toEqual([]);
  });

  it('shows the rows with overdue and stuck ones marked in words, their people, and a link to the record', async () => {
    const { api } = queryApi({ ...ACCESS, [LIST]: { rows: SAMPLE, users: { '20': 'Ivy', '21': 'Ann', '22': 'Bob' }, next: null } });
    await renderPage(WorkflowMonitoringPage, URL, api, 'en', ['admin']);
    expect(rows().map((r) => r.dataset.id)).toEqual(['11', '12', '13', '14']);
    expect(inRow('11', 'monitor-overdue').textContent).toBe('Overdue');
    expect(rowOf('11').className).toContain('qp-wfm-row-overdue');
    expect(inRow('11', 'monitor-assignees').textContent).toBe('Ann, Bob');
    expect(inRow('11', 'monitor-age').textContent).toBe('1 d 6 h');
    expect(inRow('12', 'monitor-stalled').textContent).toBe('Stalled');
    expect(rowOf('12').className).toContain('qp-wfm-row-stuck');
    expect(inRow('13', 'monitor-no-handler').textContent).toBe('No handler');
    expect(inRow('13', 'monitor-open').textContent).toBe('Purchase');
    expect(inRow('13', 'monitor-open').getAttribute('href')).toBe('/space-acme/3/detail/7?instance=13');
    expect(inRow('11', 'monitor-open').getAttribute('href')).toBe('/space-acme/3/detail/7?id=501');
    expect(rowOf('11').textContent).toContain('Ivy');
    expect(inRow('14', 'monitor-state').textContent).toBe('Interrupted');
    expect(rowOf('14').className).not.toContain('qp-wfm-row-stuck');
    expect([...rowOf('11').querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Reassign', 'Jump', 'Interrupt', 'Invalidate']);
    expect([...rowOf('14').querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Recover', 'Invalidate']);
    expect(rowOf('11').querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Interventions for Late pump');
  });

  it('pages with "load more", passing the offset back', async () => {
    const { api, calls } = queryApi({
      ...ACCESS,
      [LIST]: ({ body }: Call) => ((body as { after?: string }).after === '1' ? { rows: [SAMPLE[1]], users: {}, next: null } : { rows: [SAMPLE[0]], users: {}, next: '1' }),
    });
    await renderPage(WorkflowMonitoringPage, URL, api, 'en', ['admin']);
    expect(byTestId('monitor-shown')!.textContent).toBe('Shown: 1');
    await click('monitor-more');
    expect(listCalls(calls).map((c) => c.body)).toEqual([{ limit: 20 }, { limit: 20, after: '1' }]);
    expect(rows().map((r) => r.dataset.id)).toEqual(['11', '12']);
    expect(byTestId('monitor-more')).toBeNull();
  });

  it('filters on the server; a bad step id is named and not sent; no match is said as such', async () => {
    const { api, calls } = queryApi({ ...ACCESS, [LIST]: ({ body }: Call) => ({ rows: (body as { formId?: string }).formId ? [] : SAMPLE, users: {}, next: null }) });
    await renderPage(WorkflowMonitoringPage, URL, api, 'en', ['admin']);
    await type(byTestId('monitor-filter-node') as HTMLInputElement, 'n 1');
    await click('monitor-filter-apply');
    expect(byTestId('monitor-filter-problem')!.textContent).toContain('A step ID has 1 to 40 letters');
    expect(listCalls(calls)).toHaveLength(1);
    await choose('monitor-filter-form', 'Repair');
    await type(byTestId('monitor-filter-node') as HTMLInputElement, 'n1');
    await clickIn(byTestId('monitor-filter-overdue')!.querySelector('input')!);
    await click('monitor-filter-apply');
    expect(listCalls(calls).at(-1)!.body).toEqual({ limit: 20, formId: '8', nodeId: 'n1', overdue: true });
    expect(byTestId('monitor-empty')!.textContent).toContain('No flow matches these filters');
    await click('monitor-filter-reset');
    expect(listCalls(calls).at(-1)!.body).toEqual({ limit: 20 });
    expect(rows()).toHaveLength(4);
  });

  it('says so when nothing needs watching, and when the list cannot be read, with a retry', async () => {
    let fail = true;
    const { api } = queryApi({
      ...ACCESS,
      [LIST]: () => {
        if (fail) throw refuse(500, 'common.fetchFailed', '获取数据失败');
        return { rows: [], users: {}, next: null };
      },
    });
    await renderPage(WorkflowMonitoringPage, URL, api, 'zh-CN', ['admin']);
    expect(byTestId('monitor-error')!.textContent).toContain('获取监控的流程失败。');
    expect(byTestId('monitor-error')!.textContent).toContain('获取数据失败');
    fail = false;
    await click('monitor-retry');
    expect(byTestId('monitor-empty')!.textContent).toContain('没有需要监控的运行中或已中断的流程。');
  });
});

describe('workflow monitoring: interventions', () => {
  const PICKER = { 'GET /api/org/picker/departments': { items: [], next: null }, 'GET /api/org/picker/members': { items: [{ id: '30', name: 'Eve', department: null }], next: null } };

  it('reassigns a chosen to-do with a reason: counter, refusal in the reader\'s words, then the list again', async () => {
    let refuseOnce = true;
    const { api, calls } = queryApi({
      ...ACCESS,
      ...PICKER,
      [LIST]: { rows: [SAMPLE[0]], users: {}, next: null },
      'GET /api/workflow/instances/11': monitorDetail(),
      'POST /api/workflow/monitor/instances/11/reassign': () => {
        if (refuseOnce) throw ((refuseOnce = false), refuse(422, 'workflow.entrustCoMember', 'That person already handles this step; choose someone else.'));
        return null;
      },
    });
    await renderPage(WorkflowMonitoringPage, URL, api, 'en', ['admin']);
    await clickIn(inRow('11', 'monitor-reassign'));
    const dialog = byTestId('monitor-dialog-reassign')!;
    expect(dialog.textContent).toContain('Reassign: Late pump');
    await click('monitor-dialog-ok');
    expect(byTestId('monitor-dialog-missing')!.textContent).toBe('Choose the to-do to reassign.');
    expect(byTestId('monitor-reason-problem')!.textContent).toBe('Please enter a reason.');
    await clickIn(byTestId('monitor-dialog-task')!.querySelector<HTMLElement>('.arco-select-view')!);
    expect([...document.querySelectorAll('.arco-select-option')].map((o) => o.textContent)).toEqual(['Finance · Bob', 'Finance · Cai (waiting its turn)']);
    await clickIn([...document.querySelectorAll<HTMLElement>('.arco-select-option')][0]!);
    await click('monitor-dialog-to-open');
    await clickIn(document.querySelector<HTMLElement>('[data-testid="monitor-dialog-to-member-option"] input')!);
    await click('monitor-dialog-to-ok');
    await type(reasonBox(), 'x'.repeat(61));
    expect(byTestId('monitor-reason-count')!.textContent).toBe('61/60');
    expect(byTestId('monitor-reason-count')!.className).toContain('qp-wf-count-over');
    expect(byTestId('monitor-reason-problem')!.textContent).toBe('The reason may be at most 60 characters.');
    await click('monitor-dialog-ok');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await type(reasonBox(), ' Bob is on leave ');
    expect(byTestId('monitor-reason-count')!.textContent).toBe('15/60');
    await click('monitor-dialog-ok');
    expect(byTestId('monitor-dialog-error')!.textContent).toBe('That person already handles this step; choose someone else.');
    await click('monitor-dialog-ok');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { taskId: '2', to: '30', reason: 'Bob is on leave' },
      { taskId: '2', to: '30', reason: 'Bob is on leave' },
    ]);
    expect(byTestId('monitor-dialog-reassign')).toBeNull();
    expect(byTestId('monitor-done')!.textContent).toContain('Reassigned: Late pump');
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('jumps to a chosen approval step, branches included, the current one marked', async () => {
    const { api, calls } = queryApi({ ...ACCESS, [LIST]: { rows: [SAMPLE[0]], users: {}, next: null }, 'GET /api/workflow/instances/11': monitorDetail(), 'POST /api/workflow/monitor/instances/11/jump': null });
    await renderPage(WorkflowMonitoringPage, URL, api, 'en', ['admin']);
    await clickIn(inRow('11', 'monitor-jump'));
    await type(reasonBox(), 'Urgent');
    await click('monitor-dialog-ok');
    expect(byTestId('monitor-dialog-missing')!.textContent).toBe('Choose the approval step.');
    await clickIn(byTestId('monitor-dialog-target')!.querySelector<HTMLElement>('.arco-select-view')!);
    expect([...document.querySelectorAll('.arco-select-option')].map((o) => o.textContent)).toEqual(['Buyer', 'Step n3', 'Finance (current)']);
    await clickIn([...document.querySelectorAll<HTMLElement>('.arco-select-option')][0]!);
    await click('monitor-dialog-ok');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/workflow/monitor/instances/11/jump', body: { target: 'n1', reason: 'Urgent' } });
    expect(byTestId('monitor-done')!.textContent).toContain('Jumped: Late pump');
  });

  it('interrupts with a required reason, recovers where it stopped, and says so in Chinese', async () => {
    const { api, calls } = queryApi({
      ...ACCESS,
      [LIST]: { rows: [SAMPLE[0], SAMPLE[3]], users: {}, next: null },
      'GET /api/workflow/instances/14': monitorDetail({ instance: { id: '14', state: 'interrupted', currentNodes: [] } }),
      'POST /api/workflow/instances/11/interrupt': { state: 'interrupted' },
      'POST /api/workflow/instances/14/recover': { state: 'running' },
    });
    await renderPage(WorkflowMonitoringPage, URL, api, 'zh-CN', ['admin']);
    await clickIn(inRow('11', 'monitor-interrupt'));
    expect(byTestId('monitor-dialog-interrupt')!.textContent).toContain('所有未办待办关闭，流程暂停');
    await click('monitor-dialog-ok');
    expect(byTestId('monitor-reason-problem')!.textContent).toBe('请填写理由。');
    await type(reasonBox(), '供应商停产😀');
    expect(byTestId('monitor-reason-count')!.textContent).toBe('6/60');
    await click('monitor-dialog-ok');
    expect(byTestId('monitor-done')!.textContent).toContain('已中断：Late pump');
    await clickIn(inRow('14', 'monitor-recover'));
    await type(reasonBox(), '继续');
    await click('monitor-dialog-ok');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/workflow/instances/11/interrupt', { reason: '供应商停产😀' }],
      ['/api/workflow/instances/14/recover', { reason: '继续' }],
    ]);
    expect(byTestId('monitor-done')!.textContent).toContain('已恢复：Held order');
    expect(listCalls(calls)).toHaveLength(3);
  });
});
