import type { MicroAppId } from '../../apps.ts';
import type { Role } from '../../roles.ts';
import type { RouteEntry } from '../types.ts';

export type RouteOptions = Partial<Omit<RouteEntry, 'id' | 'app' | 'pattern' | 'title' | 'page'>>;

/** The role list spec §2.6 gives its whole section; pages there without a stricter rule get it. */
export const ENTERPRISE_ROLES: readonly Role[] = ['saas', 'admin', 'user', 'safe', 'audit'];

/** §6: "Saas, admin, audit and safe: security audit and resource pages." */
export const AUDIT_ROLES: readonly Role[] = ['saas', 'admin', 'audit', 'safe'];

/** Defaults for the enterprise console pages (§2.6 "admin only", §6). */
export const CONSOLE: RouteOptions = { roles: ['admin'], layout: 'customer', belong: 'console' };

/**
 * Builds the entries of one micro-app so each table row stays one line: id, title key and page module path are
 * derived from the app id, so they cannot drift from the naming rules of RouteEntry.
 */
export function routeGroup(app: MicroAppId, defaults: RouteOptions = {}) {
  return (name: string, pattern: string, page: string, options: RouteOptions = {}): RouteEntry => {
    const id = `${app}.${name}`;
    const merged: RouteOptions = { ...defaults, ...options };
    return {
      layout: 'index',
      spaced: true,
      status: 'planned',
      ...merged,
      id,
      app,
      pattern,
      title: `routes.${id}`,
      // `other/PageName`: the page is another app's, exported by its chunk (the shell imports no app to reach it).
      page: page.includes('/') ? page : `${app}/${page}`,
      roles: [...(merged.roles ?? [])],
      ...(merged.extra ? { extra: { ...merged.extra } } : {}),
    };
  };
}
