import { MESSAGE_CATEGORIES, type MessageCategory } from '../../../shared/messages/notify.ts';
import type { MessageAlertData } from '../../../shared/portal/data.ts';
import type { PortalComponent } from '../../../shared/portal/model.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { PortalSource } from '../../kernel/portal-sources.ts';
import { unreadCounts } from './counts.ts';
import { itemOf, wordsFor } from './render.ts';
import './tables.ts';

/**
 * The message-alert portal component: the member's unread counts per category and his latest messages, as the
 * message centre shows them (same rows, same wording), limited to the component's categories (none chosen: all).
 */
export function registerPortalSource(kernel: Kernel): void {
  const source: PortalSource = async (trx, principal, component: PortalComponent) => {
    const config = component.type === 'messageAlert' ? component.config : { categories: [], pageSize: 10 };
    const categories: readonly MessageCategory[] = config.categories.length ? config.categories : MESSAGE_CATEGORIES;
    const counts = await unreadCounts(trx, principal.userId);
    const rows = await trx
      .selectFrom('messages_message')
      .selectAll()
      .where('user_id', '=', principal.userId)
      .where('shown', '=', true)
      .where('category', 'in', [...categories])
      .orderBy('id', 'desc')
      .limit(config.pageSize)
      .execute();
    const t = await wordsFor(kernel, principal.spaceId, principal.language);
    const unread = Object.fromEntries(categories.map((c) => [c, counts.byCategory[c] ?? 0]));
    const items = rows.map((row) => {
      const item = itemOf(row, t);
      return { id: item.id, category: row.category, title: item.title, at: item.createdAt, read: item.readAt !== null, href: item.href };
    });
    const data: MessageAlertData = { type: 'messageAlert', unread, items };
    return data;
  };
  kernel.portalSources.register('messageAlert', source);
}
