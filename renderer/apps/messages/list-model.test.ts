import { describe, expect, it } from 'vitest';
import { applyCounts, appendPage, dayRange, insertNew, matchesFilter, readAllIn, removeIds, setRead } from './list-model.ts';
import { parsePush } from '../../../shared/messages/push.ts';
import { fullCounts } from './messages-api.ts';
import { counts, message } from '../../testing/messages-kit.ts';
import { lockReason, matrixLines, withChange } from './subscription-model.ts';

describe('the message list model', () => {
  it('draws a pushed message only where the filter would have listed it', () => {
    const urgent = message({ category: 'urge', sourceApp: 'forms', createdAt: '2025-03-10T08:00:00.000Z' });
    expect(matchesFilter(urgent, {})).toBe(true);
    expect(matchesFilter(urgent, { category: 'notice' })).toBe(false);
    expect(matchesFilter(urgent, { app: 'iot' })).toBe(false);
    expect(matchesFilter(urgent, { from: '2025-03-11T00:00:00.000Z' })).toBe(false);
    expect(matchesFilter(urgent, { to: '2025-03-09T23:59:59.999Z' })).toBe(false);
    expect(matchesFilter({ ...urgent, readAt: '2025-03-10T09:00:00.000Z' }, { unread: true })).toBe(false);
  });

  it('puts a pushed message in its place by time, once, even when two pushes cross', () => {
    const older = message({ createdAt: '2025-01-01T10:00:00.000Z' });
    const newer = message({ createdAt: '2025-01-01T12:00:00.000Z' });
    const between = message({ createdAt: '2025-01-01T11:00:00.000Z' });
    let list = insertNew([newer, older], between, {});
    expect(list.map((m) => m.id)).toEqual([newer.id, between.id, older.id]);
    list = insertNew(list, between, {});
    expect(list).toHaveLength(3);
    expect(insertNew(list, message({ category: 'todo' }), { category: 'notice' })).toHaveLength(3);
  });

  it('joins the next keyset page without repeating a message that arrived by push meanwhile', () => {
    const [a, b, c] = [message(), message(), message()];
    expect(appendPage([a!, b!], [b!, c!]).map((m) => m.id)).toEqual([a!.id, b!.id, c!.id]);
  });

  it('marks read and unread, all of one category or all, and removes deleted ones', () => {
    const todo = message({ category: 'todo' });
    const notice = message({ category: 'notice' });
    const read = setRead([todo, notice], new Set([todo.id]), true, 'T');
    expect(read.map((m) => m.readAt)).toEqual(['T', null]);
    expect(setRead(read, new Set([todo.id]), false)[0]!.readAt).toBeNull();
    expect(readAllIn([todo, notice], 'notice', 'T').map((m) => m.readAt)).toEqual([null, 'T']);
    expect(readAllIn([todo, notice], null, 'T').map((m) => m.readAt)).toEqual(['T', 'T']);
    expect(removeIds([todo, notice], new Set([todo.id]))).toEqual([notice]);
  });

  it('takes counts from another window: a category with none unread has none unread here', () => {
    const todo = message({ category: 'todo' });
    const notice = message({ category: 'notice' });
    const after = applyCounts([todo, notice], counts({ todo: 2 }), 'T');
    expect(after.map((m) => m.readAt)).toEqual([null, 'T']);
  });

  it('turns the two dates into inclusive instants of the member\'s own days', () => {
    const range = dayRange('2025-03-01', '2025-03-02');
    expect(new Date(range.from!).getTime()).toBe(new Date(2025, 2, 1).getTime());
    expect(new Date(range.to!).getTime()).toBe(new Date(2025, 2, 2, 23, 59, 59, 999).getTime());
    expect(dayRange('', 'nonsense')).toEqual({});
  });
});

describe('socket events', () => {
  it('accepts the two message events and ignores everything else on the socket', () => {
    const item = message();
    expect(parsePush({ type: 'messages.new', spaceId: 'acme', item })).toEqual({ type: 'messages.new', spaceId: 'acme', item });
    expect(parsePush({ type: 'messages.unread', counts: counts({ cc: 1 }) })?.type).toBe('messages.unread');
    expect(parsePush({ type: 'messages.new', item: { ...item, category: 'gossip' } })).toBeNull();
    expect(parsePush({ type: 'messages.unread', counts: { total: '3' } })).toBeNull();
    expect(parsePush({ type: 'chat.message', item })).toBeNull();
    expect(parsePush('messages.new')).toBeNull();
    expect(parsePush(null)).toBeNull();
  });

  it('fills in the categories a server left out', () => {
    expect(fullCounts({ total: 2, byCategory: { todo: 2 } as never }).byCategory.deviceAlarm).toBe(0);
    expect(fullCounts(null).total).toBe(0);
  });
});

describe('the subscription matrix model', () => {
  const row = (category: 'todo' | 'notice', app: string | null, channel: 'inApp' | 'email', enabled = true, locked = false) => ({ category, app, channel, enabled, locked });

  it('orders lines by category, the category before its applications, and drops what it cannot name', () => {
    const lines = matrixLines([
      row('notice', null, 'email'),
      row('todo', 'forms', 'inApp'),
      row('todo', null, 'inApp'),
      row('todo', 'appcenter', 'email'),
      { category: 'gossip', app: null, channel: 'inApp', enabled: true, locked: false } as never,
      { category: 'todo', app: null, channel: 'pigeon', enabled: true, locked: false } as never,
    ]);
    expect(lines.map((l) => l.key)).toEqual(['todo|', 'todo|appcenter', 'todo|forms', 'notice|']);
    expect(Object.keys(lines[0]!.cells)).toEqual(['inApp']);
  });

  it('changes one switch and says why a locked one is locked', () => {
    const rows = [row('todo', null, 'inApp', true, true), row('todo', null, 'email')];
    expect(withChange(rows, { category: 'todo', app: null, channel: 'email', enabled: false }).map((r) => r.enabled)).toEqual([true, false]);
    expect(lockReason(rows[0]!)).toBe('messages.ui.subs.lockedTodo');
    expect(lockReason(row('notice', null, 'email', true, true))).toBe('messages.ui.subs.lockedAdmin');
  });
});
