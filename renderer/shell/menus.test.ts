import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.ts';
import { routesFor } from '../../shared/routes/access.ts';
import { ROUTES } from '../../shared/routes/table.ts';
import { menuFor, offeredPages } from './menus.ts';

const offeredIds = (role: Role) => offeredPages(routesFor({ roles: [role] }), [role]).map((r) => r.id);
const byId = (id: string) => ROUTES.find((r) => r.id === id)!;

describe('the pages menus, workbench and search offer (honest menus: only built pages the user may open)', () => {
  it.each(ROLES)('offers %s only built pages that role may open and that open without parameters', (role) => {
    const offered = offeredPages(routesFor({ roles: [role] }), [role]);
    expect(offered.length).toBeGreaterThan(0);
    for (const route of offered) {
      expect(route.status, route.id).toBe('built');
      expect(route.roles.length === 0 || route.roles.includes(role), route.id).toBe(true);
      expect(route.pattern, route.id).not.toMatch(/\{[^}?]+\}/);
      expect(route.layout, route.id).not.toBe('access');
    }
  });

  it('never offers a planned page, though it stays in the allowed list (reachable by URL)', () => {
    const allowed = routesFor({ roles: ['admin'] });
    expect(allowed.some((r) => r.status === 'planned')).toBe(true);
    expect(offeredPages(allowed, ['admin']).some((r) => r.status === 'planned')).toBe(false);
  });

  it('does not offer root the application centre, whose API is for space members', () => {
    expect(offeredIds('root')).not.toContain('appcenter.home');
    expect(offeredIds('root')).toContain('portal.workbench');
    expect(offeredIds('user')).toContain('appcenter.home');
  });

  it('offers record permissions and monitoring to admins, not to members', () => {
    expect(offeredIds('admin')).toEqual(expect.arrayContaining(['forms.appConfig', 'forms.monitor']));
    for (const role of ['user', 'safe', 'audit'] as const) {
      expect(offeredIds(role)).not.toContain('forms.appConfig');
      expect(offeredIds(role)).not.toContain('forms.monitor');
    }
    // A member granted monitoring on a form still opens the page by its URL.
    expect(routesFor({ roles: ['user'] }).map((r) => r.id)).toContain('forms.monitor');
  });

  it('does not offer pages that need a chosen form or records (cascade editor, QR batch)', () => {
    expect(offeredIds('admin')).not.toContain('forms.cascadesView');
    expect(offeredIds('admin')).not.toContain('forms.qrcode');
  });

  it('puts built pages of the customer frame in the one menu every frame shows', () => {
    // A second address of a page already offered (inMenu: false) is reachable but not listed twice.
    const customerBuilt = ROUTES.filter((r) => r.layout === 'customer' && r.status === 'built' && r.roles.includes('admin') && r.inMenu !== false);
    expect(customerBuilt.length).toBeGreaterThan(0);
    const menuIds = menuFor(routesFor({ roles: ['admin'] }), ['admin']).flatMap((g) => g.routes.map((r) => r.id));
    for (const route of customerBuilt) expect(menuIds).toContain(route.id);
    expect(menuIds).toContain('iot.areaRealData');
    expect(menuIds).toContain(byId('portal.workbench').id);
    expect(menuIds).toContain('org.elementOrgManage');
    expect(menuIds).not.toContain('org.consoleOrgManage');
  });

  it('offers the push settings (system/push) to admins in the side menu, not the header pages of messages', () => {
    const messages = menuFor(routesFor({ roles: ['admin'] }), ['admin']).find((g) => g.app === 'messages');
    expect(messages?.routes.map((r) => r.id)).toEqual(['messages.systemPush']);
    for (const role of ['user', 'safe', 'audit'] as const) expect(offeredIds(role)).not.toContain('messages.systemPush');
  });

  it('groups entries by micro-app with no empty group', () => {
    for (const role of ROLES) {
      for (const group of menuFor(routesFor({ roles: [role] }), [role])) {
        expect(group.routes.length).toBeGreaterThan(0);
        expect(group.routes.every((r) => r.app === group.app)).toBe(true);
      }
    }
  });
});
