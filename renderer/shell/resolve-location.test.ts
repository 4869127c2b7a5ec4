import { describe, expect, it } from 'vitest';
import { resolveLocation } from './ShellRouter.tsx';

const allowed = new Set(['shell.login', 'portal.workbench', 'shell.noPermission', 'shell.notFound']);

describe('what a URL shows', () => {
  it('an allowed page shows itself with its match', () => {
    const r = resolveLocation('/space-acme/user/workbench?x=1', 'acme', true, allowed);
    expect(r).toMatchObject({ kind: 'page', match: { route: { id: 'portal.workbench' }, spaceId: 'acme', isCrossSpace: false, query: { x: '1' } } });
  });
  it('a page the user may not open shows the no-permission page; a guest goes to login', () => {
    expect(resolveLocation('/root/oplog', 'acme', true, allowed)).toMatchObject({ kind: 'page', match: { route: { id: 'shell.noPermission' } } });
    expect(resolveLocation('/root/oplog', null, false, allowed)).toMatchObject({ kind: 'login' });
  });
  it('an unknown path shows the not-found page', () => {
    expect(resolveLocation('/no/such/page', 'acme', true, allowed)).toMatchObject({ match: { route: { id: 'shell.notFound' } } });
  });
  it('a refused space shows the no-permission page for every page', () => {
    expect(resolveLocation('/space-nova/user/workbench', 'acme', true, allowed, true)).toMatchObject({ match: { route: { id: 'shell.noPermission' } } });
  });
});
