import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { MessagesDesktopEvent } from '../../../shared/api/messages.ts';
import { MESSAGE_CHANNELS, type MessageChannel } from '../../../shared/messages/notify.ts';
import type { MailTemplateKey } from '../../../shared/org/mail-templates.ts';
import { inSpace, type Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { sendMail } from '../../kernel/mail/index.ts';
import { PLATFORM_TEXT_TEMPLATE } from '../../kernel/sms.ts';
import { publishUnread } from './counts.ts';
import { DELIVERY_KIND, DELIVERY_LANE, deliveryLeaseSeconds, enqueueDeliveries, type DeliveryPayload } from './jobs.ts';
import { itemOf, memberLanguage, wordsFor, type MessageRow, type Words } from './render.ts';
import { SMS_MAX } from './sms.ts';

/** Give up after this many failed attempts (the admin may retry by hand); back-off doubles up to the cap. */
export const MAX_ATTEMPTS = 8;
const retryBaseMs = () => Number(process.env.MESSAGES_RETRY_BASE_MS ?? 10_000);
const RETRY_CAP_MS = 15 * 60_000;

interface Delivery {
  id: string;
  channel: 'inApp' | 'desktop' | 'email' | 'sms';
  attempts: number;
  mail_id: string | null;
  message: MessageRow;
  user: { name: string; email: string | null; phone: string | null };
  t: Words;
  language: Awaited<ReturnType<typeof memberLanguage>>;
}

/** One try of one delivery: its outbox row, in the round the try was scheduled for. */
interface Try {
  spaceId: string;
  outboxId: string;
  round: number;
}

/**
 * Locks a pending delivery still in the try's round (a second worker waits here, then finds it done; a superseded
 * try finds another round) and gathers what sending needs.
 */
async function lockPending(kernel: Kernel, trx: Trx, { spaceId, outboxId, round }: Try): Promise<Delivery | null> {
  const row = await trx
    .selectFrom('messages_outbox')
    .selectAll()
    .where('id', '=', outboxId)
    .where('state', '=', 'pending')
    .where('round', '=', round)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const message = await trx.selectFrom('messages_message').selectAll().where('id', '=', row.message_id).executeTakeFirstOrThrow();
  const user = await trx.selectFrom('users').select(['name', 'email', 'phone']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
  const language = await memberLanguage(trx, row.user_id);
  return { id: row.id, channel: row.channel, attempts: row.attempts, mail_id: row.mail_id, message, user, language, t: await wordsFor(kernel, spaceId, language) };
}

const markDone = (trx: Trx, id: string) =>
  trx.updateTable('messages_outbox').set({ state: 'done', done_at: sql<Date>`now()`, error_key: null, error_params: null }).where('id', '=', id).where('state', '=', 'pending').execute();

/** The socket events and the tray notice: side effects that commit with "done", or not at all. */
async function sendInTransaction(kernel: Kernel, trx: Trx, spaceId: string, d: Delivery): Promise<void> {
  const item = itemOf(d.message, d.t);
  const userId = d.message.user_id;
  if (d.channel === 'inApp') {
    await kernel.push.publish({ userId }, { type: 'messages.new', spaceId, item }, trx);
    await publishUnread(kernel, trx, spaceId, userId);
  } else if (d.channel === 'desktop') {
    const event: MessagesDesktopEvent = { type: 'messages.desktop', spaceId, id: item.id, category: item.category, title: item.title, text: item.body.slice(0, 300), ...(item.href ? { url: item.href } : {}) };
    await kernel.push.publish({ userId }, event, trx);
  }
  await markDone(trx, d.id);
}

/**
 * A text message leaves through the operator's SMS accounts (kernel.sms, decision 0089), after the claim's
 * transaction: a carrier's answer must not hold it. The outbox row is the send's key, so a retry after a crash
 * finds the text already sent; only a crash between the carrier's acceptance and the send log's "sent" sends twice.
 */
async function sendText(kernel: Kernel, at: Try): Promise<void> {
  const { spaceId, outboxId } = at;
  const prepared = await inSpace(kernel.db, spaceId, async (trx) => {
    const d = await lockPending(kernel, trx, at);
    if (!d) return null;
    if (!d.user.phone) throw new AppError(422, 'messages.delivery.noPhone');
    await trx.updateTable('messages_outbox').set({ sending_at: sql<Date>`now()` }).where('id', '=', d.id).execute();
    const item = itemOf(d.message, d.t);
    return { phone: d.user.phone, text: `${item.title}${item.body ? `: ${item.body}` : ''}`.slice(0, SMS_MAX) };
  });
  if (!prepared) return;
  const sent = await kernel.sms.send(spaceId, { phone: prepared.phone, template: PLATFORM_TEXT_TEMPLATE, params: { text: prepared.text }, key: `messages.${spaceId}.${outboxId}` });
  if (sent.status !== 'sent') throw new AppError(422, 'messages.delivery.smsFailed');
  await inSpace(kernel.db, spaceId, (trx) => markDone(trx, outboxId));
}

const TEMPLATE: Partial<Record<string, MailTemplateKey>> = { todo: 'todo', approvalResult: 'approvalResult' };

/**
 * E-mail leaves the database, so it cannot commit with "done". Before the SMTP conversation the delivery records its
 * Message-ID (fixed at the first attempt) and the time; after the server accepts, it records "done". A crash in
 * between leaves the row pending with that id: the next attempt sends again under the same Message-ID, so the
 * worst case is one duplicate per crash that receiving servers and clients can recognise (decision 0051).
 */
async function sendEmail(kernel: Kernel, at: Try): Promise<void> {
  const { spaceId } = at;
  const prepared = await inSpace(kernel.db, spaceId, async (trx) => {
    const d = await lockPending(kernel, trx, at);
    if (!d) return null;
    if (!d.user.email) throw new AppError(422, 'messages.delivery.noEmail');
    const mailId = d.mail_id ?? `<m${d.id}.${spaceId}.${randomBytes(6).toString('hex')}@messages.qpaas>`;
    await trx.updateTable('messages_outbox').set({ mail_id: mailId, sending_at: sql<Date>`now()` }).where('id', '=', d.id).execute();
    const space = await trx.selectFrom('spaces').select('name').where('id', '=', spaceId).executeTakeFirst();
    return { d, mailId, space: space?.name ?? spaceId };
  });
  if (!prepared) return;
  const { d, mailId, space } = prepared;
  const item = itemOf(d.message, d.t);
  const link = item.href ? `${kernel.config.publicUrl ?? ''}${item.href}` : '';
  const values = { name: d.user.name, title: item.title, content: item.body, link, space, app: d.t(`apps.${item.sourceApp}`), sender: '', result: item.title, approver: '', comment: item.body };
  await sendMail(kernel, spaceId, { to: d.user.email!, templateKey: TEMPLATE[item.category] ?? 'notice', language: d.language, values, messageId: mailId });
  await inSpace(kernel.db, spaceId, (trx) => markDone(trx, d.id));
}

/**
 * A failed try: the reason (for the admin), and the next try after a doubling, capped wait — or give up. The next
 * try's job is scheduled in the transaction that records the failure, in the next round: both happen, or neither.
 */
async function recordFailure(kernel: Kernel, { spaceId, outboxId, round }: Try, error: unknown): Promise<void> {
  const known = error instanceof AppError;
  if (!known) kernel.log.error({ err: error, spaceId, outboxId }, 'message delivery failed');
  await inSpace(kernel.db, spaceId, async (trx) => {
    const row = await trx
      .selectFrom('messages_outbox')
      .select(['attempts', 'channel'])
      .where('id', '=', outboxId)
      .where('state', '=', 'pending')
      .where('round', '=', round)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const attempts = row.attempts + 1;
    const nextAt = new Date(Date.now() + Math.min(RETRY_CAP_MS, retryBaseMs() * 2 ** (attempts - 1)));
    const gaveUp = attempts >= MAX_ATTEMPTS;
    await trx
      .updateTable('messages_outbox')
      .set({
        attempts,
        state: gaveUp ? 'failed' : 'pending',
        next_at: nextAt,
        round: round + 1,
        error_key: known ? error.key : 'messages.delivery.error',
        error_params: JSON.stringify(known ? error.params : {}),
      })
      .where('id', '=', outboxId)
      .execute();
    if (!gaveUp) await enqueueDeliveries(kernel, trx, [{ id: outboxId, channel: row.channel, round: round + 1 }], nextAt);
  });
}

/**
 * Delivers one outbox row in one try; a failure is recorded on that row only, so other rows and channels go on.
 * Only when even the failure cannot be recorded (the database is away) does the job fail, and the kernel retries it.
 */
async function deliverOne(kernel: Kernel, at: Try, channel: MessageChannel): Promise<void> {
  try {
    if (channel === 'email') await sendEmail(kernel, at);
    else if (channel === 'sms') await sendText(kernel, at);
    else {
      await inSpace(kernel.db, at.spaceId, async (trx) => {
        const d = await lockPending(kernel, trx, at);
        if (d) await sendInTransaction(kernel, trx, at.spaceId, d);
      });
    }
  } catch (error) {
    await recordFailure(kernel, at, error);
  }
}

/** The delivery jobs of this process: claimed, leased and taken over after a crash by the kernel's queue. */
export function defineDeliveryJobs(kernel: Kernel): void {
  for (const channel of MESSAGE_CHANNELS) {
    kernel.jobs.define<DeliveryPayload>(
      DELIVERY_KIND[channel],
      async (job) => {
        const at: Try = { spaceId: job.spaceId!, outboxId: job.payload.outboxId, round: job.payload.round };
        // Its claim lapsed mid-delivery (a process died or hung): an e-mail may arrive twice, so say which delivery.
        if (job.takenOver) kernel.log.warn({ jobId: job.id, outboxId: at.outboxId, round: at.round, spaceId: at.spaceId, channel }, 'message delivery taken over after its claim lapsed');
        await deliverOne(kernel, at, channel);
      },
      { leaseSeconds: deliveryLeaseSeconds(), concurrency: DELIVERY_LANE[channel] },
    );
  }
}
