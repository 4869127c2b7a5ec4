import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('gateway', { roles: ['admin'] });

/** Enterprise data gateway (spec §2.2; admin only per §6). */
export const GATEWAY_ROUTES: RouteEntry[] = [
  route('esb', 'esb', 'GatewayPage'),
  route('config', 'esb/config/!/{cid}', 'GatewayConfigPage'),
];
