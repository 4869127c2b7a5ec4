import { afterEach, describe, expect, it } from 'vitest';
import type { SystemWithApps } from '../../../shared/api/appcenter.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Transport } from '../../kernel/transport.ts';
import { cleanup, renderPage } from '../../testing/page-kit.tsx';
import { AppCenterPage } from './AppCenterPage.tsx';

const stamp = '2026-03-01T08:00:00.000Z';
const app = (id: string, name: string, roles: Role[] = []) =>
  ({ id, systemId: '1', name, icon: 'app', description: `${name} notes`, sort: Number(id), roles, createdAt: stamp, updatedAt: stamp }) as SystemWithApps['apps'][number];

afterEach(cleanup);

/** Renders the page as a member with `roles`, the API answering `systems` to the list call. */
async function render(roles: Role[], systems: SystemWithApps[]) {
  const calls: string[] = [];
  const api = {
    get: async (path: string) => (calls.push(path), { code: 200, msg: 'ok', params: {}, data: { systems } }),
  } as unknown as Transport;
  const container = await renderPage(AppCenterPage, '/space-acme/appcenter', api, 'en', roles);
  return { container, calls };
}

const system: SystemWithApps = { id: '1', name: 'Production', icon: 'tool', description: '', sort: 0, createdAt: stamp, updatedAt: stamp, apps: [app('11', 'Stock'), app('12', 'Payroll', ['admin'])] };

describe('AppCenterPage', () => {
  it('shows systems with app tiles linking to the application view in the same space', async () => {
    const { container, calls } = await render(['user'], [system]);
    expect(calls).toEqual(['/api/appcenter/systems']);
    const tile = container.querySelector('[data-testid="app-tile-11"]');
    expect(tile?.getAttribute('href')).toBe('/space-acme/app/!/11');
    expect(tile?.textContent).toContain('Stock notes');
    expect(container.querySelector('[data-testid="system-create"]')).toBeNull();
    expect(container.querySelector('[data-testid="app-edit-11"]')).toBeNull();
  });

  it('gives admins their tools: create, edit, recycle bin link, who sees an app', async () => {
    const { container } = await render(['admin'], [system]);
    expect(container.querySelector('[data-testid="system-create"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="app-edit-12"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="system-recycle-1"]')?.getAttribute('href')).toBe('/space-acme/apprecycle/1/app');
    expect(container.textContent).toContain('Visible to: Administrator');
  });

  it('says "no systems yet" to an admin and "no apps you may open" to a member', async () => {
    const asAdmin = await render(['admin'], []);
    expect(asAdmin.container.querySelector('[data-testid="appcenter-empty-admin"]')?.textContent).toContain('No systems yet');
    cleanup();
    const asUser = await render(['user'], []);
    expect(asUser.container.querySelector('[data-testid="appcenter-empty-user"]')?.textContent).toContain('No apps you may open');
  });
});
