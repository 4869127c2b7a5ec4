import type { MessageChannel } from '../../../shared/messages/notify.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/** One kernel job kind per channel (decision 0096): each runs in a lane of its own. */
export const DELIVERY_KIND: Readonly<Record<MessageChannel, string>> = {
  inApp: 'messages.inapp',
  desktop: 'messages.desktop',
  email: 'messages.email',
  sms: 'messages.sms',
};

/**
 * Deliveries each process runs at once, per channel. A lane apart from the others and from the process's shared
 * slots, so a slow or failing channel (an unreachable mail server) never holds up the others. E-mail and texts go
 * one at a time: a process killed mid-send leaves at most one message whose fate is unknown, sent again once.
 */
export const DELIVERY_LANE: Readonly<Record<MessageChannel, number>> = { inApp: 2, desktop: 2, email: 1, sms: 1 };

/**
 * How long a claim holds without its process renewing it (the kernel renews it while the delivery runs): after a
 * crash, this long until another process takes the delivery over.
 */
export const deliveryLeaseSeconds = () => Number(process.env.MESSAGES_LEASE_SECONDS ?? 30);

export type DeliveryPayload = {
  outboxId: string;
  /** The row's round when the try was scheduled: the job acts only while the row is still in it. */
  round: number;
};

/** Schedules one try of each delivery, in the caller's transaction (of the deliveries' space): none if it rolls back. */
export async function enqueueDeliveries(
  kernel: Kernel,
  trx: Trx,
  rows: ReadonlyArray<{ id: string; channel: MessageChannel; round: number }>,
  runAt?: Date,
): Promise<void> {
  const payload = (r: (typeof rows)[number]): DeliveryPayload => ({ outboxId: String(r.id), round: r.round });
  await kernel.jobs.enqueue(trx, rows.map((r) => ({ kind: DELIVERY_KIND[r.channel], payload: payload(r), ...(runAt ? { runAt } : {}) })));
}
