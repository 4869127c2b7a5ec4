import type { TFunction } from 'i18next';
import type { ChatSystemLine } from '../../../shared/chat/chat.ts';

/**
 * A group change as the reader's language says it ("张三 added 李四"). The server stores what changed and the names
 * as they were, not a sentence, so each reader gets their own language.
 */
export function systemText(t: TFunction, line: ChatSystemLine): string {
  const people = line.people.map((p) => p.name).join(t('chat.system.peopleSeparator'));
  return t(`chat.system.${line.change}`, { actor: line.actor.name, people, name: line.name ?? '' });
}
