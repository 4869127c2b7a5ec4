import type { Kernel } from './kernel.ts';
import type { Trx } from './db/pool.ts';

/**
 * Sends one text message to a phone inside the caller's transaction (in `spaceId`, whose carrier settings apply):
 * nothing leaves unless the transaction commits, as with notices.
 */
export type TextSender = (trx: Trx, spaceId: string, to: string, text: string) => Promise<void>;

const senders = new WeakMap<Kernel, TextSender>();

/**
 * The SMS contract for texts outside the notice outbox (verification codes, decision 0057). The messages app owns
 * the SMS provider and registers it at start; the account app calls `sendText` and never imports messages.
 */
export function provideTexts(kernel: Kernel, sender: TextSender): void {
  senders.set(kernel, sender);
}

export function sendText(kernel: Kernel, trx: Trx, spaceId: string, to: string, text: string): Promise<void> {
  const sender = senders.get(kernel);
  if (!sender) throw new Error('no text sender registered (the messages app registers it)');
  return sender(trx, spaceId, to, text);
}
