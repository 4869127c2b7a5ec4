import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../../../shared/routes/match.ts';
import { appendRows, countOf, rowHref, rowView, type TodoRow } from './todo-model.ts';

const base: TodoRow = { key: '9', instanceId: '5', formId: '7', appId: '3', recordId: '42', title: 'Pumps', formName: 'Orders', initiatorId: '1', at: '2026-03-01T08:00:00Z' };
const users = { '1': 'Ada', '2': 'Bob', '3': 'Cy' };
const NOW = Date.parse('2026-03-02T00:00:00Z');

describe('rowView', () => {
  it('a to-do of my own: title, form, initiator, unread until viewed, due and overdue by the time limit', () => {
    const view = rowView({ ...base, assigneeId: '2', entrustState: 'none', dueAt: '2026-03-03T00:00:00Z', viewedAt: null }, 'todo', '2', users, NOW);
    expect(view).toMatchObject({ title: 'Pumps', form: 'Orders', initiator: 'Ada', onBehalfOf: null, awaitingAnswer: false, unread: true, due: { overdue: false } });
    expect(rowView({ ...base, assigneeId: '2', dueAt: '2026-03-01T00:00:00Z', viewedAt: '2026-03-01T09:00:00Z' }, 'todo', '2', users, NOW)).toMatchObject({ unread: false, due: { overdue: true } });
  });

  it('a principal\'s to-do says on whose behalf; an entrustment waiting for me says so instead', () => {
    expect(rowView({ ...base, assigneeId: '3', entrustState: 'none' }, 'todo', '2', users, NOW).onBehalfOf).toBe('Cy');
    const asked = rowView({ ...base, assigneeId: '3', entrustState: 'requested' }, 'todo', '2', users, NOW);
    expect([asked.awaitingAnswer, asked.onBehalfOf]).toEqual([true, null]);
  });

  it('done: my decision, for whom and how; cc: from whom (or the flow) with the note, unread until read', () => {
    const done = rowView({ ...base, decision: 'approved', onBehalfOf: '3', via: 'agent', instanceState: 'running' }, 'done', '2', users, NOW);
    expect(done).toMatchObject({ decision: 'approved', onBehalfOf: 'Cy', via: 'agent', state: 'running', due: null, unread: false });
    expect(rowView({ ...base, decision: 'approved', via: 'user' }, 'done', '2', users, NOW).via).toBeNull();
    expect(rowView({ ...base, fromUserId: '1', note: 'FYI', readAt: null, state: 'approved' }, 'cc', '2', users, NOW)).toMatchObject({ from: 'Ada', note: 'FYI', unread: true, state: 'approved' });
    expect(rowView({ ...base, fromUserId: null, readAt: '2026-03-01T09:00:00Z' }, 'cc', '2', users, NOW)).toMatchObject({ from: null, unread: false });
  });

  it('falls back to the form name, then the instance number, for an untitled row; unknown people by id', () => {
    expect(rowView({ ...base, title: ' ', initiatorId: '8' }, 'initiated', '2', users, NOW)).toMatchObject({ title: 'Orders', initiator: '#8' });
    expect(rowView({ ...base, title: '', formName: null }, 'drafts', '2', users, NOW).title).toBe('#5');
  });
});

describe('paths, pages and counts', () => {
  const match = matchRoute('/space-acme/form', { ownSpaceId: 'acme' })!;

  it('opens the record\'s detail in the space shown; a draft without a record by its instance', () => {
    expect(rowHref(match, base)).toBe('/space-acme/3/detail/7?id=42');
    expect(rowHref(match, { ...base, recordId: null })).toBe('/space-acme/3/detail/7?instance=5');
  });

  it('appends a further page without repeating a row; counts only the open boxes', () => {
    expect(appendRows([base], [base, { ...base, key: '8' }]).map((r) => r.key)).toEqual(['9', '8']);
    const counts = { todo: 3, ccUnread: 2, drafts: 1 };
    expect(['todo', 'done', 'initiated', 'cc', 'drafts'].map((box) => countOf(counts, box as never))).toEqual([3, 0, 0, 2, 1]);
    expect(countOf(null, 'todo')).toBe(0);
  });
});
