import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('shell');

/** Frame pages every app relies on (spec §2.1 login and maintenance, §8 no-permission page). */
export const SHELL_ROUTES: RouteEntry[] = [
  route('login', 'home/login', 'LoginPage', { layout: 'access', public: true, status: 'built' }),
  // Outside the spec's list: where a member an administrator invited sets their password (decision 0037).
  route('invitation', 'home/invitation/{token}', 'InvitationPage', { layout: 'access', public: true, status: 'built' }),
  // Outside the spec's list: where a member who forgot their password sets a new one with a code (decision 0057).
  route('forgotPassword', 'home/forgotPassword', 'ForgotPasswordPage', { layout: 'access', public: true, status: 'built' }),
  // Outside the spec's list: the phone sign-in of the mobile terminal (decision 0064).
  route('mobileLogin', 'm/login', 'MobileLoginPage', { layout: 'mobile', public: true, status: 'built', inMenu: false }),
  route('maintenance', 'maintenance', 'MaintenancePage', { layout: 'access', public: true, status: 'built' }),
  route('noPermission', 'nopermission', 'NoPermissionPage', { status: 'built' }),
  route('notFound', 'notfound', 'NotFoundPage', { layout: 'access', public: true, status: 'built' }),
];
