import type { Notice, NoticeRecipients, NoticeResult } from '../../shared/messages/notify.ts';
import type { Trx } from './db/pool.ts';

/** Stores a notice for delivery inside the caller's transaction (the messages app's outbox). */
export type NoticeSender = (trx: Trx, spaceId: string, notice: Notice) => Promise<NoticeResult>;
/** Expands recipients (departments, roles, groups) into the space's active member ids (the organisation app). */
export type RecipientResolver = (trx: Trx, spaceId: string, recipients: NoticeRecipients) => Promise<string[]>;

/**
 * The notify contract as the kernel carries it: apps call `send`; the messages app provides the sender
 * and the organisation app the resolver, each registering at start. The kernel knows neither app, and no app
 * imports another's internals.
 */
export class Notices {
  private sender: NoticeSender | null = null;
  private resolver: RecipientResolver | null = null;

  provideSender(sender: NoticeSender): void {
    this.sender = sender;
  }

  provideResolver(resolver: RecipientResolver): void {
    this.resolver = resolver;
  }

  /** Whether the messages app has registered its sender: apps whose notices are optional (chat @mentions) ask first. */
  hasSender(): boolean {
    return this.sender !== null;
  }

  /** Call inside your own transaction: nothing leaves unless it commits. */
  send(trx: Trx, spaceId: string, notice: Notice): Promise<NoticeResult> {
    if (!this.sender) throw new Error('No notice sender is registered (the messages app registers it at start).');
    return this.sender(trx, spaceId, notice);
  }

  resolve(trx: Trx, spaceId: string, recipients: NoticeRecipients): Promise<string[]> {
    if (!this.resolver) throw new Error('No recipient resolver is registered (the organisation app registers it at start).');
    return this.resolver(trx, spaceId, recipients);
  }
}
