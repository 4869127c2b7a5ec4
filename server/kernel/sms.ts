/**
 * The template the platform's own texts go out with (notices, verification codes): `<%text%>`, the text already in
 * the member's language. Seeded by the console app (its migration 0007); root points it at a real provider.
 */
export const PLATFORM_TEXT_TEMPLATE = 'notice';

/** One text message: a template of the operator's SMS settings, filled with `params` (its `<%name%>` markers). */
export interface SmsMessage {
  phone: string;
  template: string;
  params: Record<string, string>;
  /** Sent at most once under this key, however often the caller retries (a notice delivery's outbox row). */
  key?: string;
  /**
   * Values the text carries for the recipient's eyes only (a verification code): the phone gets them whole, the
   * operator's send log keeps them masked. A template parameter named `code` is one without being listed.
   */
  secrets?: readonly string[];
}

export interface SmsResult {
  /** The send log's row. */
  id: string;
  status: 'sent' | 'failed';
}

/** Sends one message for `spaceId` (null: the platform's own) and logs it; never throws for a provider's failure. */
export type SmsSender = (spaceId: string | null, message: SmsMessage) => Promise<SmsResult>;

/**
 * The platform's SMS channel (decision 0083), as the kernel carries it: the console app keeps the provider
 * accounts, signatures, templates and the send log and provides the sender; any app (the messages app's SMS
 * channel) calls `send` after its own transaction committed — a text message cannot be taken back by a rollback.
 */
export class Sms {
  private sender: SmsSender | null = null;

  provide(sender: SmsSender): void {
    this.sender = sender;
  }

  /** Whether SMS can be sent at all (the console app registered its sender). */
  available(): boolean {
    return this.sender !== null;
  }

  send(spaceId: string | null, message: SmsMessage): Promise<SmsResult> {
    if (!this.sender) throw new Error('No SMS sender is registered (the console app registers it at start).');
    return this.sender(spaceId, message);
  }
}
