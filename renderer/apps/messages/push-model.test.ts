import { describe, expect, it } from 'vitest';
import type { DeliveryItem, SubscriptionDefaultRow } from '../../../shared/api/messages.ts';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS } from '../../../shared/messages/notify.ts';
import { appendPage, changedDefaults, defaultGrid, failureQuery, withDefault, withPending } from './push-model.ts';

const cell = (rows: readonly SubscriptionDefaultRow[], category: string, app: string | null, channel: string) =>
  rows.find((r) => r.category === category && r.app === app && r.channel === channel);

const delivery = (id: string, partial: Partial<DeliveryItem>): DeliveryItem => ({
  id,
  messageId: '1',
  userId: '2',
  userName: 'Ann',
  channel: 'email',
  category: 'notice',
  title: 'Drill',
  state: 'retrying',
  attempts: 1,
  nextAt: null,
  error: 'no mail server',
  createdAt: '2025-01-01T00:00:00.000Z',
  doneAt: null,
  ...partial,
});

describe('the defaults grid', () => {
  it('fills every category × channel with the built-in defaults where the space stored none', () => {
    const rows = defaultGrid([]);
    expect(rows).toHaveLength(MESSAGE_CATEGORIES.length * MESSAGE_CHANNELS.length);
    expect(cell(rows, 'notice', null, 'inApp')).toEqual({ category: 'notice', app: null, channel: 'inApp', enabled: true, locked: false });
    expect(cell(rows, 'notice', null, 'desktop')!.enabled).toBe(true);
    expect(cell(rows, 'notice', null, 'email')!.enabled).toBe(false);
    expect(cell(rows, 'notice', null, 'sms')!.enabled).toBe(false);
  });

  it('shows stored defaults, and in-app to-dos on and fixed whatever is stored', () => {
    const rows = defaultGrid([
      { category: 'notice', app: null, channel: 'email', enabled: true, locked: true },
      { category: 'todo', app: null, channel: 'inApp', enabled: false, locked: false },
    ]);
    expect(cell(rows, 'notice', null, 'email')).toMatchObject({ enabled: true, locked: true });
    expect(cell(rows, 'todo', null, 'inApp')).toMatchObject({ enabled: true, locked: true });
  });

  it('draws an application line where a stored row names it, taking the category for the channels it leaves open', () => {
    const rows = defaultGrid([
      { category: 'todo', app: null, channel: 'sms', enabled: true, locked: false },
      { category: 'todo', app: 'forms', channel: 'email', enabled: true, locked: true },
    ]);
    expect(cell(rows, 'todo', 'forms', 'email')).toMatchObject({ enabled: true, locked: true });
    expect(cell(rows, 'todo', 'forms', 'sms')).toMatchObject({ enabled: true, locked: false });
    expect(cell(rows, 'todo', 'forms', 'inApp')).toMatchObject({ enabled: true, locked: true });
    expect(cell(rows, 'notice', 'forms', 'email')).toBeUndefined();
    // The category's own line comes before its applications', as the member's matrix draws them.
    const todo = rows.filter((r) => r.category === 'todo').map((r) => r.app);
    expect(todo).toEqual([null, null, null, null, 'forms', 'forms', 'forms', 'forms']);
  });

  it('leaves out rows of categories or channels this build does not know', () => {
    const rows = defaultGrid([{ category: 'weather' as never, app: null, channel: 'email', enabled: true, locked: true }]);
    expect(rows.some((r) => (r.category as string) === 'weather')).toBe(false);
  });
});

describe('editing and saving the defaults', () => {
  const saved = defaultGrid([]);

  it('lists exactly the changed cells, with both values', () => {
    let draft = withDefault(saved, { category: 'notice', app: null, channel: 'email', enabled: true });
    draft = withDefault(draft, { category: 'notice', app: null, channel: 'email', locked: true });
    draft = withDefault(draft, { category: 'cc', app: null, channel: 'desktop', enabled: false });
    expect(changedDefaults(saved, draft)).toEqual([
      { category: 'cc', app: null, channel: 'desktop', enabled: false, locked: false },
      { category: 'notice', app: null, channel: 'email', enabled: true, locked: true },
    ]);
  });

  it('a change made and undone is no change', () => {
    const draft = withDefault(withDefault(saved, { category: 'cc', app: null, channel: 'sms', enabled: true }), { category: 'cc', app: null, channel: 'sms', enabled: false });
    expect(changedDefaults(saved, draft)).toEqual([]);
  });

  it('ignores changes to the in-app to-do cell (the server refuses them)', () => {
    const draft = withDefault(saved, { category: 'todo', app: null, channel: 'inApp', enabled: false, locked: false });
    expect(changedDefaults(saved, draft)).toEqual([]);
  });

  it('lays edits not yet saved over the server\'s grid', () => {
    const stored = defaultGrid([{ category: 'cc', app: null, channel: 'desktop', enabled: false, locked: false }]);
    const pending = [{ category: 'notice', app: null, channel: 'email', enabled: true, locked: true } as SubscriptionDefaultRow];
    const draft = withPending(stored, pending);
    expect(changedDefaults(stored, draft)).toEqual(pending);
    expect(cell(draft, 'cc', null, 'desktop')!.enabled).toBe(false);
  });
});

describe('the failures list', () => {
  const items = [delivery('3', { channel: 'email', state: 'retrying' }), delivery('2', { channel: 'sms', state: 'failed' }), delivery('1', { channel: 'email', state: 'failed' })];

  it('asks the server for the filtered list, so "load more" continues it', () => {
    expect(failureQuery(null, { state: 'all', channel: 'all' })).toEqual({ state: 'failed' });
    expect(failureQuery(null, { state: 'failed', channel: 'all' })).toEqual({ state: 'gaveUp' });
    expect(failureQuery('42', { state: 'retrying', channel: 'email' })).toEqual({ state: 'retrying', channel: 'email', cursor: '42' });
  });

  it('appends a further page without repeating rows already listed', () => {
    expect(appendPage(items.slice(0, 2), [items[1]!, items[2]!]).map((i) => i.id)).toEqual(['3', '2', '1']);
  });
});
