import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { MessagesDesktopEvent } from '../../../shared/api/messages.ts';
import type { MailTemplateKey } from '../../../shared/org/mail-templates.ts';
import { inSpace, type Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { sendMail } from '../../kernel/mail/index.ts';
import { PLATFORM_TEXT_TEMPLATE } from '../../kernel/sms.ts';
import { publishUnread } from './counts.ts';
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

/** Locks a pending delivery (a second worker waits here, then finds it done) and gathers what sending needs. */
async function lockPending(kernel: Kernel, trx: Trx, spaceId: string, outboxId: string): Promise<Delivery | null> {
  const row = await trx.selectFrom('messages_outbox').selectAll().where('id', '=', outboxId).where('state', '=', 'pending').forUpdate().executeTakeFirst();
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
async function sendText(kernel: Kernel, spaceId: string, outboxId: string): Promise<void> {
  const prepared = await inSpace(kernel.db, spaceId, async (trx) => {
    const d = await lockPending(kernel, trx, spaceId, outboxId);
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
async function sendEmail(kernel: Kernel, spaceId: string, outboxId: string): Promise<void> {
  const prepared = await inSpace(kernel.db, spaceId, async (trx) => {
    const d = await lockPending(kernel, trx, spaceId, outboxId);
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

/** A failed attempt: the reason (for the admin), and the next attempt after a doubling, capped wait — or give up. */
async function recordFailure(kernel: Kernel, spaceId: string, outboxId: string, error: unknown): Promise<void> {
  const known = error instanceof AppError;
  if (!known) kernel.log.error({ err: error, spaceId, outboxId }, 'message delivery failed');
  await inSpace(kernel.db, spaceId, async (trx) => {
    const row = await trx.selectFrom('messages_outbox').select(['attempts']).where('id', '=', outboxId).where('state', '=', 'pending').forUpdate().executeTakeFirst();
    if (!row) return;
    const attempts = row.attempts + 1;
    const wait = Math.min(RETRY_CAP_MS, retryBaseMs() * 2 ** (attempts - 1));
    await trx
      .updateTable('messages_outbox')
      .set({
        attempts,
        state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        next_at: sql<Date>`now() + make_interval(secs => ${wait / 1000})`,
        error_key: known ? error.key : 'messages.delivery.error',
        error_params: JSON.stringify(known ? error.params : {}),
      })
      .where('id', '=', outboxId)
      .execute();
  });
}

/** Delivers one claimed outbox row; a failure is recorded on that row only, so other rows and channels go on. */
export async function deliverOne(kernel: Kernel, spaceId: string, outboxId: string, channel: string): Promise<void> {
  try {
    if (channel === 'email') await sendEmail(kernel, spaceId, outboxId);
    else if (channel === 'sms') await sendText(kernel, spaceId, outboxId);
    else {
      await inSpace(kernel.db, spaceId, async (trx) => {
        const d = await lockPending(kernel, trx, spaceId, outboxId);
        if (d) await sendInTransaction(kernel, trx, spaceId, d);
      });
    }
  } catch (error) {
    await recordFailure(kernel, spaceId, outboxId, error);
  }
}
