import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('chat');

/** Spec §2.7 qChat. */
export const CHAT_ROUTES: RouteEntry[] = [route('qchat', 'qChat', 'ChatPage', { status: 'built' })];
