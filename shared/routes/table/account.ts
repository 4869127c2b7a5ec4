import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('account', { belong: 'header' });

/** Personal pages of spec §2.5, reached from the header's account menu. */
export const ACCOUNT_ROUTES: RouteEntry[] = [
  route('modifyPassword', 'home/modifyPassword', 'ModifyPasswordPage', { status: 'built' }),
  route('profile', 'home/user', 'ProfilePage'),
  route('settings', 'setting/center', 'SettingsCenterPage'),
];
