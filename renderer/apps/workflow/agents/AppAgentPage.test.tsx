import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRuleView, HostingAnswer } from '../../../../shared/workflow/agents.ts';
import { byTestId, cleanup, click, refuse, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { queryApi, type Call } from '../../../testing/messages-kit.ts';
import { AppAgentPage } from './AppAgentPage.tsx';

afterEach(cleanup);

const URL = '/space-acme/appconfig/appagent';
const TODAY = '2026-03-10';
const me = { id: '1', name: 'X' };

function rule(id: string, partial: Partial<AgentRuleView> = {}): AgentRuleView {
  return {
    id,
    principal: me,
    agent: { id: '2', name: `Agent ${id}` },
    apps: [{ id: '7', name: 'Inspection', deleted: false }],
    perms: ['handleTodo', 'returnWorkflow'],
    validFrom: TODAY,
    validTo: '2026-03-12',
    state: 'agenting',
    notYetInForce: false,
    note: '',
    createdBy: me,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...partial,
  };
}

const hostingOff: HostingAnswer = { mine: { user: me, trustee: null, enabled: false, effective: false, updatedAt: null }, toMe: [] };

function api(rules: AgentRuleView[], extra: Record<string, unknown> = {}) {
  return queryApi({
    'GET /api/workflow/agents': (call: Call) => ({ rules: (call.body as { view: string }).view === 'toMe' ? [] : rules, today: TODAY }),
    'GET /api/appcenter/apps': { apps: [{ id: '7', name: 'Inspection' }, { id: '8', name: 'Maintenance' }] },
    'GET /api/workflow/hosting': hostingOff,
    ...extra,
  });
}

const rows = () => [...document.querySelectorAll('[data-testid="agents-mine-table"] tbody tr')] as HTMLElement[];
const confirm = async () => {
  await settle();
  await act(async () => document.querySelector<HTMLButtonElement>('.arco-popconfirm .arco-btn-primary')!.click());
  await settle();
};

describe('application agents page', () => {
  it('lists my agents with their state, and offers what each state allows', async () => {
    const { api: fake } = api([
      rule('1'),
      rule('2', { notYetInForce: true, validFrom: '2026-03-20', validTo: '2026-03-22' }),
      rule('3', { state: 'recycled' }),
      rule('4', { state: 'expired', apps: [{ id: '9', name: 'Old app', deleted: true }] }),
    ]);
    await renderPage(AppAgentPage, URL, fake, 'en', ['user']);
    expect(document.querySelector('h1')!.textContent).toBe('Application agents');
    expect(rows().map((r) => r.querySelector('[data-testid="agent-state"]')!.textContent)).toEqual(['Agenting', 'Not yet in force', 'Recycled', 'Expired']);
    expect(rows()[0]!.textContent).toContain('Deal with to-dos, Return workflow');
    expect(rows()[0]!.textContent).toContain('2026-03-10 ~ 2026-03-12');
    expect(rows().map((r) => [...r.querySelectorAll('button')].map((b) => b.dataset.testid))).toEqual([
      ['agent-edit', 'agent-recover'],
      ['agent-edit', 'agent-recover'],
      ['agent-reedit', 'agent-delete'],
      ['agent-reedit', 'agent-delete'],
    ]);
    expect(rows()[3]!.querySelector('del')!.textContent).toBe('Old app');
    // A member manages his own rules only: no member picker.
    expect(byTestId('agents-for')).toBeNull();
  });

  it('shows an empty list, and a failed load, in words', async () => {
    await renderPage(AppAgentPage, URL, api([]).api, 'zh-CN', ['user']);
    expect(byTestId('agents-mine-table')!.textContent).toContain('还没有设置代理');
    cleanup();
    const failing = api([], { 'GET /api/workflow/agents': () => { throw refuse(500, 'common.fetchFailed', '获取数据失败'); } });
    await renderPage(AppAgentPage, URL, failing.api, 'zh-CN', ['user']);
    expect(byTestId('agents-mine-error')!.textContent).toBe('获取数据失败');
  });

  it('re-edit copies a finished rule into a new one from today, checked before it is sent', async () => {
    const { api: fake, calls } = api([rule('3', { state: 'expired', validFrom: '2026-02-01', validTo: '2026-02-05', note: 'Leave' })], {
      'POST /api/workflow/agents': (call: Call) => rule('5', call.body as Partial<AgentRuleView>),
    });
    await renderPage(AppAgentPage, URL, fake, 'en', ['user']);
    await click('agent-reedit');
    expect((byTestId('agent-valid-from') as HTMLInputElement).value).toBe(TODAY);
    expect((byTestId('agent-valid-to') as HTMLInputElement).value).toBe('2026-03-16');
    await type(byTestId('agent-valid-to') as HTMLInputElement, '2026-03-09');
    await click('agent-save');
    expect(byTestId('agent-error')!.textContent).toBe('The end date cannot be before the start date.');
    await type(byTestId('agent-valid-from') as HTMLInputElement, '2026-03-01');
    await click('agent-save');
    expect(byTestId('agent-error')!.textContent).toBe('The end date cannot be before today (2026-03-10).');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await type(byTestId('agent-valid-to') as HTMLInputElement, '2026-03-11');
    await click('agent-save');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ principalId: '1', agentId: '2', apps: ['7'], perms: ['handleTodo', 'returnWorkflow'], validFrom: '2026-03-01', validTo: '2026-03-11', note: 'Leave' });
    expect(byTestId('agent-dialog')).toBeNull();
  });

  it('the server\'s refusal stays in the dialog; batch recovery sends the selected rules', async () => {
    const { api: fake, calls } = api([rule('1'), rule('2'), rule('3', { state: 'recycled' })], {
      'PUT /api/workflow/agents/1': () => { throw refuse(422, 'workflow.agents.overlap', 'A rule for the same agent overlaps.'); },
      'POST /api/workflow/agents/recover': (call: Call) => ({ rules: (call.body as { ids: string[] }).ids.map((id) => rule(id, { state: 'recycled' })) }),
    });
    await renderPage(AppAgentPage, URL, fake, 'en', ['user']);
    await act(async () => rows()[0]!.querySelector<HTMLButtonElement>('[data-testid="agent-edit"]')!.click());
    await settle();
    expect(byTestId('agent-fixed')!.textContent).toBe('Agent 1');
    expect((byTestId('agent-valid-from') as HTMLInputElement).disabled).toBe(true);
    await click('agent-save');
    expect(byTestId('agent-error')!.textContent).toBe('A rule for the same agent overlaps.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ updatedAt: '2026-03-01T00:00:00.000Z', validTo: '2026-03-12' });
    await act(async () => document.querySelector<HTMLButtonElement>('.arco-modal-footer button')!.click());
    await settle();

    const boxes = rows().map((r) => r.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, true]);
    expect((byTestId('agent-batch-recover') as HTMLButtonElement).disabled).toBe(true);
    for (const box of boxes.slice(0, 2)) await act(async () => box.click());
    expect(byTestId('agent-batch-recover')!.textContent).toBe('Recover selected (2)');
    await click('agent-batch-recover');
    await confirm();
    expect(calls.find((c) => c.path === '/api/workflow/agents/recover')!.body).toEqual({ ids: ['1', '2'] });
  });

  it('hosting: turning it on needs a trustee, checked before sending; an admin may pick another member', async () => {
    const { api: fake, calls } = api([], {
      'GET /api/workflow/hosting': { mine: { ...hostingOff.mine, trustee: { id: '3', name: 'Tess' } }, toMe: [{ user: { id: '4', name: 'Hugo' }, trustee: me, enabled: true, effective: true, updatedAt: null }] },
      'PUT /api/workflow/hosting': (call: Call) => ({ user: me, trustee: { id: '3', name: 'Tess' }, enabled: (call.body as { enabled: boolean }).enabled, effective: true, updatedAt: null }),
    });
    await renderPage(AppAgentPage, URL, fake, 'en', ['admin']);
    expect(byTestId('agents-for')).not.toBeNull();
    await click('agents-tab-hosting');
    expect(byTestId('hosting-to-me')!.textContent).toContain('Hugo');
    await act(async () => byTestId('hosting-trustee')!.querySelector<HTMLElement>('.arco-tag-close-btn')!.click());
    await click('hosting-switch');
    await click('hosting-save');
    expect(byTestId('hosting-save-error')!.textContent).toBe('Choose a trustee to turn hosting on.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    cleanup();
    const again = api([], {
      'GET /api/workflow/hosting': { mine: { ...hostingOff.mine, trustee: { id: '3', name: 'Tess' } }, toMe: [] },
      'PUT /api/workflow/hosting': () => ({ user: me, trustee: { id: '3', name: 'Tess' }, enabled: true, effective: true, updatedAt: null }),
    });
    await renderPage(AppAgentPage, URL, again.api, 'en', ['user']);
    await click('agents-tab-hosting');
    await click('hosting-switch');
    await click('hosting-save');
    expect(again.calls.find((c) => c.method === 'PUT')!.body).toEqual({ enabled: true, trusteeId: '3' });
    expect(byTestId('hosting-saved')!.textContent).toBe('Saved: your account is hosted by Tess.');
  });
});
