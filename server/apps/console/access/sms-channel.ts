import { templatePlaceholders } from '../../../../shared/api/console-access.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { guardedFetch } from '../../../kernel/outbound/index.ts';
import { secretBoxFor } from '../../../kernel/secrets.ts';
import type { SmsMessage, SmsResult } from '../../../kernel/sms.ts';

/** The sealed secret's context: bound to the account row, so a sealed value copied to another row does not open. */
export const smsSecretContext = (accountId: string) => `console.sms:${accountId}`;

/** The account a message goes out through, as the channel needs it. */
export interface SmsRoute {
  accountId: string;
  kind: 'sink' | 'http';
  endpoint: string | null;
  accessKey: string;
  secretSealed: string | null;
  signature: string;
}

/** One way out (decision 0083): the development sink keeps the message in the send log only; http posts it. */
export interface SmsChannel {
  deliver(kernel: Kernel, route: SmsRoute, phone: string, text: string): Promise<void>;
}

const sink: SmsChannel = { deliver: async () => undefined };

/**
 * A carrier's (or a gateway's) HTTP endpoint: a JSON POST, the stored secret as a bearer token. The address is one
 * root typed, so it goes through the outbound guard like every user-configured connection.
 */
const http: SmsChannel = {
  async deliver(kernel, route, phone, text) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (route.secretSealed) headers.authorization = `Bearer ${secretBoxFor(kernel.config).open(route.secretSealed, smsSecretContext(route.accountId))}`;
    const body = JSON.stringify({ accessKey: route.accessKey, phone, signature: route.signature, text });
    const answer = await guardedFetch(kernel.outbound, route.endpoint!, { method: 'POST', headers, body, timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 0 });
    if (answer.status < 200 || answer.status >= 300) throw new Error(`HTTP ${answer.status}`);
  },
};

export const SMS_CHANNELS: Record<SmsRoute['kind'], SmsChannel> = { sink, http };

/** The template's text with its markers filled; a marker without a value is the caller's mistake (422). */
export function fillTemplate(body: string, params: Record<string, string>): string {
  const missing = templatePlaceholders(body).filter((name) => params[name] === undefined);
  if (missing.length) throw fail.unprocessable('consoleAccess.sms.missingParam', { name: missing.join(', ') });
  return body.replace(/<%\s*([A-Za-z0-9_.]+)\s*%>/g, (_, name: string) => params[name]!);
}

/**
 * The text as the send log keeps it: each secret (a verification code) masked. Whoever reads the log or its table
 * could otherwise reset any account with a bound phone; codes are checked against their own hash, never the log.
 */
export function maskSecrets(text: string, message: Pick<SmsMessage, 'secrets' | 'params'>): string {
  const secrets = [...(message.secrets ?? []), message.params.code ?? ''].filter((secret) => secret.length > 0);
  return secrets.reduce((masked, secret) => masked.split(secret).join('*'.repeat(secret.length)), text);
}

/**
 * The kernel's SMS sender (kernel.sms): finds the template, its signature and account, logs the message as sending,
 * hands it to the account's channel and logs the outcome. Called after the caller's commit, never inside it: a
 * carrier's slow answer must not hold a transaction, and a sent text cannot be rolled back anyway.
 */
export function smsSender(kernel: Kernel) {
  return async (spaceId: string | null, message: SmsMessage): Promise<SmsResult> => {
    const found = await kernel.db
      .selectFrom('sms_template as t')
      .innerJoin('sms_signature as s', 's.id', 't.signature_id')
      .innerJoin('sms_account as a', 'a.id', 's.account_id')
      .select(['t.body', 's.text as signature', 'a.id as accountId', 'a.kind', 'a.endpoint', 'a.access_key as accessKey', 'a.secret_sealed as secretSealed'])
      .where('t.code', '=', message.template)
      .executeTakeFirst();
    if (!found) throw fail.unprocessable('consoleAccess.sms.noTemplate', { code: message.template });
    const text = `【${found.signature}】${fillTemplate(found.body, message.params)}`;
    const route: SmsRoute = { ...found, accountId: String(found.accountId) };
    const logged = await logSending(kernel, spaceId, route.accountId, message, maskSecrets(text, message));
    if (logged.status === 'sent') return { id: logged.id, status: 'sent' };
    let error: string | null = null;
    try {
      await SMS_CHANNELS[route.kind].deliver(kernel, route, message.phone, text);
    } catch (failure) {
      // The log keeps why, in words an operator can act on; never the secret (no request is echoed).
      error = failure instanceof AppError ? kernel.i18n.t('en', failure.key, failure.params) : (failure as Error).message.slice(0, 200);
      kernel.log.warn({ account: route.accountId, template: message.template, reason: error }, 'sms not delivered');
    }
    const status = error ? 'failed' : 'sent';
    await kernel.db.updateTable('sms_send_log').set({ status, error }).where('id', '=', logged.id).execute();
    return { id: logged.id, status };
  };
}

/**
 * The send log's row for this message, marked as sending. A keyed message already sent answers that row (a retry
 * after a crash sends nothing twice); one that failed or was cut off is sent again on its own row.
 */
async function logSending(kernel: Kernel, spaceId: string | null, accountId: string, message: SmsMessage, text: string) {
  const values = { space_id: spaceId, account_id: accountId, template_code: message.template, phone: message.phone, text, status: 'sending' as const, error: null };
  const key = message.key ?? null;
  const inserted = await kernel.db
    .insertInto('sms_send_log')
    .values({ ...values, send_key: key })
    .onConflict((oc) => oc.column('send_key').where('send_key', 'is not', null).doUpdateSet(values).where('sms_send_log.status', '<>', 'sent'))
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (inserted) return { id: String(inserted.id), status: inserted.status };
  const sent = await kernel.db.selectFrom('sms_send_log').select(['id']).where('send_key', '=', key).executeTakeFirstOrThrow();
  return { id: String(sent.id), status: 'sent' as const };
}
