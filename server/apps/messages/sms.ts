import type { Trx } from '../../kernel/db/pool.ts';

export interface SmsText {
  outboxId: string;
  to: string;
  text: string;
}

/**
 * Where texts go. The development provider writes a row in the delivery's own transaction, so it is exactly once
 * like the in-app channel; a carrier (configured by the operator console's issue) is a network call and must be
 * driven like e-mail: record the attempt, call, then record the outcome, with the outbox id as its idempotency key.
 */
export interface SmsProvider {
  send(trx: Trx, spaceId: string, text: SmsText): Promise<void>;
}

export const SMS_MAX = 500;

export const developmentSmsSink: SmsProvider = {
  async send(trx, spaceId, text) {
    await trx.insertInto('messages_sms_sink').values({ space_id: spaceId, outbox_id: text.outboxId, phone: text.to, text: text.text.slice(0, SMS_MAX) }).execute();
  },
};
