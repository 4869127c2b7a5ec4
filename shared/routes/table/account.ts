import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('account', { belong: 'header' });
const plain = routeGroup('account');

/** Personal pages of spec §2.5, reached from the header's account menu. */
export const ACCOUNT_ROUTES: RouteEntry[] = [
  route('modifyPassword', 'home/modifyPassword', 'ModifyPasswordPage', { status: 'built' }),
  // `/home/user` is the same personal settings, opened on "my info" (one capability, both §2.5 addresses).
  route('profile', 'home/user', 'SettingsCenterPage', { status: 'built' }),
  route('settings', 'setting/center', 'SettingsCenterPage', { status: 'built' }),
  // Outside the spec's list: the mobile terminal's "me" tab (decision 0064).
  route('mobileMe', 'm/me', 'MobileMePage', { layout: 'mobile', status: 'built', inMenu: false }),
  // Developer authorisation (decisions 0049, 0058, 0059): the administrator's review on both §2.6 addresses (one page,
  // offered once), and the public developer centre of §2.5.
  plain('systemDev', 'system/dev', 'DevReviewPage', { layout: 'customer', roles: ['admin'], sandbox: true, status: 'built' }),
  plain('devManagement', 'devmanagement', 'DevReviewPage', { layout: 'customer', roles: ['admin'], sandbox: true, status: 'built', inMenu: false }),
  plain('developerCenter', 'developercenter', 'DeveloperCenterPage', { public: true, status: 'built' }),
];
