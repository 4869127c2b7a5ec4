import { describe, expect, it } from 'vitest';
import type { Role } from '../roles.ts';
import { canOpen, routesFor } from './access.ts';
import { ROUTES } from './table.ts';
import type { RouteEntry } from './types.ts';

const route = (roles: Role[], isPublic?: boolean): RouteEntry => ({
  id: 'forms.x',
  app: 'forms',
  pattern: 'x',
  title: 'routes.forms.x',
  page: 'forms/XPage',
  layout: 'index',
  roles,
  spaced: true,
  status: 'planned',
  ...(isPublic === undefined ? {} : { public: isPublic }),
});
const as = (...roles: Role[]) => ({ roles });

describe('canOpen', () => {
  it('lets guests open public routes only', () => {
    expect(canOpen(route([], true), null)).toBe(true);
    expect(canOpen(route(['admin'], true), null)).toBe(true);
    expect(canOpen(route([]), null)).toBe(false);
    expect(canOpen(route([], false), null)).toBe(false);
    expect(canOpen(route(['user']), null)).toBe(false);
  });

  it('lets signed-in users open public and open (empty roles) routes', () => {
    expect(canOpen(route([]), as('user'))).toBe(true);
    expect(canOpen(route([]), as())).toBe(true);
    expect(canOpen(route(['root'], true), as('user'))).toBe(true);
  });

  it('needs at least one role in common otherwise', () => {
    expect(canOpen(route(['admin', 'saas']), as('user', 'saas'))).toBe(true);
    expect(canOpen(route(['admin']), as('user', 'audit'))).toBe(false);
    expect(canOpen(route(['safe']), as())).toBe(false);
    expect(canOpen(route(['admin']), as('root'))).toBe(false);
  });
});

describe('routesFor', () => {
  const ids = (viewer: { roles: Role[] } | null) => routesFor(viewer).map((r) => r.id);

  it('gives guests exactly the public routes of the table', () => {
    expect(ids(null).sort()).toEqual(
      [
        'shell.login',
        'shell.invitation',
        'shell.forgotPassword',
        'shell.mobileLogin',
        'shell.maintenance',
        'shell.notFound',
        'portal.newsList',
        'portal.newsShow',
        'account.developerCenter',
        'org.entRegist',
        'forms.preview',
      ].sort(),
    );
  });

  it('opens operator pages to root only and the security audit page to safe only', () => {
    expect(ids(as('root'))).toContain('console.opNotice');
    expect(ids(as('admin', 'saas', 'user', 'safe', 'audit'))).not.toContain('console.opNotice');
    expect(ids(as('safe'))).toContain('org.securityAudit');
    expect(ids(as('admin', 'audit'))).not.toContain('org.securityAudit');
  });

  it('keeps the ETL task pages for admin and shows open pages to everyone signed in', () => {
    expect(ids(as('admin'))).toContain('etl.taskflowJob');
    expect(ids(as('saas'))).not.toContain('etl.taskflowJob');
    expect(ids(as('user'))).toContain('appcenter.home');
    expect(ids(as('user'))).toContain('shell.noPermission');
  });

  it('filters a given table and preserves its order', () => {
    const table = [route(['admin']), route([]), route(['user'], true)];
    expect(routesFor(as('user'), table)).toEqual([table[1], table[2]]);
    expect(routesFor(null, table)).toEqual([table[2]]);
    expect(routesFor(as('root')).length).toBeLessThan(ROUTES.length);
  });
});
