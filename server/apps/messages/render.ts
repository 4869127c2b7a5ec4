import type { Selectable } from 'kysely';
import type { MessageItem } from '../../../shared/api/messages.ts';
import { DEFAULT_LANGUAGE, isLanguage, translate, type Language, type MessageParams } from '../../../shared/i18n/index.ts';
import { routeHref } from '../../../shared/routes/href.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { MessagesMessageTable } from './tables.ts';

export type MessageRow = Selectable<MessagesMessageTable>;
export type Words = (key: string, params?: MessageParams) => string;

/** The space's wording in `language` (its own overrides first), falling back to zh-CN as §9 says. */
export async function wordsFor(kernel: Kernel, spaceId: string, language: Language): Promise<Words> {
  const own = (await kernel.dictionaries.dictionary(spaceId, language)).dictionary;
  const fallback = language === DEFAULT_LANGUAGE ? own : (await kernel.dictionaries.dictionary(spaceId, DEFAULT_LANGUAGE)).dictionary;
  const dictionaries = { [language]: own, [DEFAULT_LANGUAGE]: fallback };
  return (key, params) => translate(dictionaries, language, key, params);
}

/** A page of the route table (with its query) as a path in the reader's space; null when the link no longer fits the table. */
export function hrefOf(route: string | null, params: Record<string, string>, spaceId: string, query: Record<string, string> = {}): string | null {
  return route ? routeHref(route, params, spaceId, query) : null;
}

export function itemOf(row: MessageRow, t: Words): MessageItem {
  return {
    id: row.id,
    category: row.category,
    sourceApp: row.source_app,
    sourceRecord: row.source_record,
    title: t(row.title_key, row.title_params),
    body: row.body_key ? t(row.body_key, row.body_params) : '',
    href: hrefOf(row.link_route, row.link_params, row.space_id, row.link_query),
    priority: row.priority,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}

/**
 * The language e-mails, texts and tray notices to a member are written in: the one they last used in the message
 * centre (there is no per-member language setting elsewhere), else the platform default.
 */
export async function memberLanguage(trx: Trx, userId: string): Promise<Language> {
  const row = await trx.selectFrom('messages_member_language').select('language').where('user_id', '=', userId).executeTakeFirst();
  return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
}

/** Remembers the language of a member's request (their choice in the header) for what is sent to them later. */
export async function rememberLanguage(trx: Trx, spaceId: string, userId: string, language: Language): Promise<void> {
  await trx
    .insertInto('messages_member_language')
    .values({ space_id: spaceId, user_id: userId, language })
    .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ language }))
    .execute();
}
