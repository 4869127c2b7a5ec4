import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../../../shared/routes/match.ts';
import {
  ageParts, appendRows, approvalSteps, EMPTY_FILTERS, filtersProblem, interventionsFor, isFiltered, missingOf, queryOf, reasonView, reassignable, recordPath,
  rememberForms, requestOf, rowFlags,
} from './monitor-model.ts';
import { hoursAgo, monitorDetail, monitorRow, NOW } from './test-kit.ts';

describe('filters', () => {
  it('sends only the filters set, trimmed, with the page size and offset', () => {
    expect(queryOf(EMPTY_FILTERS, null)).toEqual({ limit: 20 });
    const all = { formId: '7', nodeId: ' n1 ', assignee: { kind: 'member' as const, id: '21', name: 'Ann' }, olderThanHours: 0, overdue: true };
    expect(queryOf(all, '40')).toEqual({ limit: 20, formId: '7', nodeId: 'n1', assigneeId: '21', olderThanHours: 0, overdue: true, after: '40' });
    expect(isFiltered(EMPTY_FILTERS)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTERS, overdue: true })).toBe(true);
  });

  it('names a step id or an age the server\'s schema would refuse', () => {
    expect(filtersProblem({ ...EMPTY_FILTERS, nodeId: 'n 1' })).toBe('nodeId');
    expect(filtersProblem({ ...EMPTY_FILTERS, nodeId: 'x'.repeat(41) })).toBe('nodeId');
    expect(filtersProblem({ ...EMPTY_FILTERS, nodeId: 'approval_2-b' })).toBeNull();
    expect(filtersProblem({ ...EMPTY_FILTERS, olderThanHours: 1.5 })).toBe('hours');
    expect(filtersProblem({ ...EMPTY_FILTERS, olderThanHours: -1 })).toBe('hours');
    expect(filtersProblem({ ...EMPTY_FILTERS, olderThanHours: 100_001 })).toBe('hours');
    expect(filtersProblem({ ...EMPTY_FILTERS, olderThanHours: 100_000 })).toBeNull();
  });

  it('remembers every form met, so choosing one keeps the others to choose', () => {
    const first = rememberForms(new Map(), [monitorRow(), monitorRow({ id: '12', formId: '8', formName: null })]);
    expect([...first]).toEqual([['7', 'Purchase'], ['8', '#8']]);
    const second = rememberForms(first, [monitorRow({ id: '13', formId: '8', formName: 'Repair' })]);
    expect([...second]).toEqual([['7', 'Purchase'], ['8', 'Repair']]);
  });

  it('appends a further page without showing a row twice', () => {
    const a = monitorRow({ id: '1' });
    const b = monitorRow({ id: '2' });
    expect(appendRows([a, b], [monitorRow({ id: '2' }), monitorRow({ id: '3' })]).map((r) => r.id)).toEqual(['1', '2', '3']);
  });
});

describe('rows', () => {
  it('flags overdue, nobody to act, and three days without movement', () => {
    expect(rowFlags(monitorRow(), NOW)).toEqual({ overdue: false, noHandler: false, stalled: false, waitedMs: 2 * 3_600_000 });
    expect(rowFlags(monitorRow({ overdue: true, since: hoursAgo(100) }), NOW)).toMatchObject({ overdue: true, stalled: false });
    expect(rowFlags(monitorRow({ since: hoursAgo(72) }), NOW).stalled).toBe(true);
    expect(rowFlags(monitorRow({ since: hoursAgo(71) }), NOW).stalled).toBe(false);
    expect(rowFlags(monitorRow({ assignees: [] }), NOW).noHandler).toBe(true);
    // An interrupted flow has no to-dos by design: it waits for a recover, not for a handler.
    expect(rowFlags(monitorRow({ state: 'interrupted', assignees: [], since: hoursAgo(200) }), NOW)).toMatchObject({ noHandler: false, stalled: false });
  });

  it('words a wait in days and hours', () => {
    expect(ageParts(59 * 60_000)).toEqual({ days: 0, hours: 0 });
    expect(ageParts(5 * 3_600_000)).toEqual({ days: 0, hours: 5 });
    expect(ageParts(53 * 3_600_000 + 59 * 60_000)).toEqual({ days: 2, hours: 5 });
  });

  it('offers the interventions the state allows', () => {
    expect(interventionsFor('running')).toEqual(['reassign', 'jump', 'interrupt', 'invalidate']);
    expect(interventionsFor('interrupted')).toEqual(['recover', 'invalidate']);
  });

  it('opens the record\'s detail page in the space shown, or the instance when it has no record', () => {
    const match = matchRoute('/space-acme/console/tmp/workflow/monitoring', { ownSpaceId: 'acme' })!;
    expect(recordPath(match, monitorRow())).toBe('/space-acme/3/detail/7?id=501');
    expect(recordPath(match, monitorRow({ recordId: null }))).toBe('/space-acme/3/detail/7?instance=11');
  });
});

describe('interventions', () => {
  const detail = monitorDetail();

  it('lists open to-dos and every approval step, branches included', () => {
    expect(reassignable(detail).map((t) => t.id)).toEqual(['2', '3']);
    expect(approvalSteps(detail.model).map((n) => n.id)).toEqual(['n1', 'n3', 'n2']);
  });

  it('counts the trimmed reason in code points, as the server does', () => {
    expect(reasonView('  ')).toEqual({ count: 0, max: 60, problem: 'required' });
    expect(reasonView(' 😀'.repeat(60))).toMatchObject({ count: 119, problem: 'tooLong' });
    expect(reasonView('😀'.repeat(60))).toEqual({ count: 60, max: 60, problem: null });
    expect(reasonView('a\u0007b').problem).toBe('control');
  });

  it('names what is missing before sending', () => {
    expect(missingOf('reassign', { reason: 'x' })).toBe('task');
    expect(missingOf('reassign', { reason: 'x', taskId: '2' })).toBe('to');
    expect(missingOf('reassign', { reason: 'x', taskId: '2', to: '5' })).toBeNull();
    expect(missingOf('jump', { reason: 'x' })).toBe('target');
    expect(missingOf('recover', { reason: 'x' })).toBeNull();
    expect(missingOf('interrupt', { reason: 'x' })).toBeNull();
  });

  it('calls the monitor endpoints for reassign and jump, the instance actions for the rest', () => {
    expect(requestOf('reassign', '11', { reason: ' On leave ', taskId: '2', to: '5' })).toEqual({ path: '/api/workflow/monitor/instances/11/reassign', body: { taskId: '2', to: '5', reason: 'On leave' } });
    expect(requestOf('jump', '11', { reason: 'Urgent', target: 'n2' })).toEqual({ path: '/api/workflow/monitor/instances/11/jump', body: { target: 'n2', reason: 'Urgent' } });
    expect(requestOf('interrupt', '11', { reason: 'Hold', target: 'n2' })).toEqual({ path: '/api/workflow/instances/11/interrupt', body: { reason: 'Hold' } });
    expect(requestOf('recover', '11', { reason: 'Go' })).toEqual({ path: '/api/workflow/instances/11/recover', body: { reason: 'Go' } });
    expect(requestOf('recover', '11', { reason: 'Go', target: 'n1' }).body).toEqual({ reason: 'Go', target: 'n1' });
    expect(requestOf('invalidate', '11', { reason: 'Wrong' }).path).toBe('/api/workflow/instances/11/invalidate');
  });
});
