import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('messages', { belong: 'header' });

/** Message centre and subscriptions (spec §2.7, §2.8). */
export const MESSAGES_ROUTES: RouteEntry[] = [
  route('center', 'user/messagecenter', 'MessageCenterPage'),
  route('subscriptions', 'user/subscribeManage', 'SubscribeManagePage'),
];
