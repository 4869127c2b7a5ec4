import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('messages', { belong: 'header' });
/**
 * §2.6's `system/push` (decision 0049): the administrator's push settings. An enterprise page like the org
 * console's (customer frame, sandboxed, admin only), offered in the side menu, so it has no `belong: 'header'`.
 */
const admin = routeGroup('messages', { layout: 'customer', roles: ['admin'], sandbox: true });

/** Message centre and subscriptions (spec §2.7, §2.8), and the space's push settings (§2.6). */
export const MESSAGES_ROUTES: RouteEntry[] = [
  route('center', 'user/messagecenter', 'MessageCenterPage', { status: 'built' }),
  route('subscriptions', 'user/subscribeManage', 'SubscribeManagePage', { status: 'built' }),
  // Outside the spec's list: the mobile terminal's message centre (decision 0064).
  route('mobileCenter', 'm/messages', 'MobileMessagesPage', { layout: 'mobile', status: 'built', inMenu: false }),
  admin('systemPush', 'system/push', 'SystemPushPage', { status: 'built' }),
];
