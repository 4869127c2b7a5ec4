import type { Selectable } from 'kysely';
import { IdParam, NoQuery } from '../../../../shared/api/common.ts';
import {
  SmsAccountBody,
  SmsSignatureBody,
  SmsTemplateBody,
  SmsTestBody,
  templatePlaceholders,
  type SmsAccount,
  type SmsLogEntry,
} from '../../../../shared/api/console-access.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { secretBoxFor } from '../../../kernel/secrets.ts';
import { ROOT_ONLY } from './api-keys.ts';
import { smsSecretContext, smsSender } from './sms-channel.ts';
import type { SmsAccountTable } from './tables.ts';

const BASE = '/api/console/access/sms';
const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data });

function accountOf(row: Selectable<SmsAccountTable>): SmsAccount {
  // The secret never leaves: only whether one is stored.
  return { id: String(row.id), name: row.name, kind: row.kind, endpoint: row.endpoint, accessKey: row.access_key, hasSecret: row.secret_sealed !== null };
}

/** Database refusals a form can cause, as the operator's words: a taken name, a row still in use, a missing parent. */
function refusal(error: unknown): never {
  const code = pgErrorCode(error);
  if (code === '23505') throw fail.conflict('consoleAccess.sms.taken');
  if (code === '23503' || code === '23001') throw fail.conflict('consoleAccess.sms.inUse');
  throw error;
}

/** `/sysop/smsservice`, `smssignature`, `smsplatform` (decision 0083): accounts, signatures, templates, send log. */
export function registerSmsRoutes(app: App, kernel: Kernel): void {
  kernel.sms.provide(smsSender(kernel));
  const box = () => secretBoxFor(kernel.config);
  const write = (action: string) => ({ access: ROOT_ONLY, action: `console.sms.${action}` });

  app.get(`${BASE}/accounts`, { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () =>
    ok({ accounts: (await kernel.db.selectFrom('sms_account').selectAll().orderBy('id').execute()).map(accountOf) }),
  );

  const checkAccount = (body: { kind: string; endpoint?: string | null }) => {
    if (body.kind === 'http' && !body.endpoint) throw fail.unprocessable('consoleAccess.sms.endpointRequired');
    return body.kind === 'http' ? body.endpoint! : null;
  };

  app.post(`${BASE}/accounts`, { config: write('account.create'), schema: { querystring: NoQuery, body: SmsAccountBody } }, async (req) => {
    const endpoint = checkAccount(req.body);
    const row = await kernel
      .transact(req, async (trx) => {
        const created = await trx.insertInto('sms_account').values({ name: req.body.name.trim(), kind: req.body.kind, endpoint, access_key: req.body.accessKey ?? '', secret_sealed: null }).returningAll().executeTakeFirstOrThrow();
        if (!req.body.secret) return created;
        const sealed = box().seal(req.body.secret, smsSecretContext(String(created.id)));
        return trx.updateTable('sms_account').set({ secret_sealed: sealed }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
      })
      .catch(refusal);
    req.ctx.auditTarget = String(row.id);
    return ok(accountOf(row));
  });

  app.put(`${BASE}/accounts/:id`, { config: write('account.update'), schema: { params: IdParam, querystring: NoQuery, body: SmsAccountBody } }, async (req) => {
    const endpoint = checkAccount(req.body);
    req.ctx.auditTarget = req.params.id;
    const changes = { name: req.body.name.trim(), kind: req.body.kind, endpoint, access_key: req.body.accessKey ?? '' };
    const sealed = req.body.secret ? { secret_sealed: box().seal(req.body.secret, smsSecretContext(req.params.id)) } : {};
    const row = await kernel
      .transact(req, (trx) => trx.updateTable('sms_account').set({ ...changes, ...sealed }).where('id', '=', req.params.id).returningAll().executeTakeFirst())
      .catch(refusal);
    if (!row) throw fail.notFound('consoleAccess.sms.notFound');
    return ok(accountOf(row));
  });

  app.delete(`${BASE}/accounts/:id`, { config: write('account.delete'), schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const gone = await kernel.transact(req, (trx) => trx.deleteFrom('sms_account').where('id', '=', req.params.id).executeTakeFirst()).catch(refusal);
    if (gone.numDeletedRows === 0n) throw fail.notFound('consoleAccess.sms.notFound');
    return ok(null);
  });

  app.get(`${BASE}/signatures`, { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('sms_signature as s').innerJoin('sms_account as a', 'a.id', 's.account_id').select(['s.id', 's.account_id', 'a.name', 's.text']).orderBy('s.id').execute();
    return ok({ signatures: rows.map((r) => ({ id: String(r.id), accountId: String(r.account_id), accountName: r.name, text: r.text })) });
  });

  app.post(`${BASE}/signatures`, { config: write('signature.create'), schema: { querystring: NoQuery, body: SmsSignatureBody } }, async (req) => {
    const row = await kernel
      .transact(req, (trx) => trx.insertInto('sms_signature').values({ account_id: req.body.accountId, text: req.body.text.trim() }).returningAll().executeTakeFirstOrThrow())
      .catch((error: unknown) => {
        if (pgErrorCode(error) === '23503') throw fail.unprocessable('consoleAccess.sms.noAccount');
        return refusal(error);
      });
    req.ctx.auditTarget = String(row.id);
    return ok({ id: String(row.id), accountId: String(row.account_id), text: row.text });
  });

  app.delete(`${BASE}/signatures/:id`, { config: write('signature.delete'), schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const gone = await kernel.transact(req, (trx) => trx.deleteFrom('sms_signature').where('id', '=', req.params.id).executeTakeFirst()).catch(refusal);
    if (gone.numDeletedRows === 0n) throw fail.notFound('consoleAccess.sms.notFound');
    return ok(null);
  });

  app.get(`${BASE}/templates`, { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('sms_template as t').innerJoin('sms_signature as s', 's.id', 't.signature_id').select(['t.id', 't.code', 't.signature_id', 's.text', 't.body']).orderBy('t.code').execute();
    return ok({ templates: rows.map((r) => ({ id: String(r.id), code: r.code, signatureId: String(r.signature_id), signature: r.text, body: r.body, placeholders: templatePlaceholders(r.body) })) });
  });

  /** A template's markers must be well formed: every `<%` closed by `%>` around a plain name. */
  const checkTemplate = (body: string) => {
    const opened = body.split('<%').length - 1;
    if (opened !== body.split('%>').length - 1 || opened !== [...body.matchAll(/<%\s*[A-Za-z0-9_.]+\s*%>/g)].length) throw fail.unprocessable('consoleAccess.sms.badMarker', { example: '<%name%>' });
  };
  const saveTemplate = (body: { code: string; signatureId: string; body: string }) => {
    checkTemplate(body.body);
    return { code: body.code, signature_id: body.signatureId, body: body.body };
  };
  const templateRefusal = (error: unknown): never => {
    if (pgErrorCode(error) === '23503') throw fail.unprocessable('consoleAccess.sms.noSignature');
    return refusal(error);
  };

  app.post(`${BASE}/templates`, { config: write('template.create'), schema: { querystring: NoQuery, body: SmsTemplateBody } }, async (req) => {
    const values = saveTemplate(req.body);
    const row = await kernel.transact(req, (trx) => trx.insertInto('sms_template').values(values).returningAll().executeTakeFirstOrThrow()).catch(templateRefusal);
    req.ctx.auditTarget = row.code;
    return ok({ id: String(row.id), code: row.code, placeholders: templatePlaceholders(row.body) });
  });

  app.put(`${BASE}/templates/:id`, { config: write('template.update'), schema: { params: IdParam, querystring: NoQuery, body: SmsTemplateBody } }, async (req) => {
    const values = saveTemplate(req.body);
    req.ctx.auditTarget = req.body.code;
    const row = await kernel.transact(req, (trx) => trx.updateTable('sms_template').set(values).where('id', '=', req.params.id).returningAll().executeTakeFirst()).catch(templateRefusal);
    if (!row) throw fail.notFound('consoleAccess.sms.notFound');
    return ok({ id: String(row.id), code: row.code, placeholders: templatePlaceholders(row.body) });
  });

  app.delete(`${BASE}/templates/:id`, { config: write('template.delete'), schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const gone = await kernel.transact(req, (trx) => trx.deleteFrom('sms_template').where('id', '=', req.params.id).executeTakeFirst());
    if (gone.numDeletedRows === 0n) throw fail.notFound('consoleAccess.sms.notFound');
    return ok(null);
  });

  app.get(`${BASE}/log`, { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db
      .selectFrom('sms_send_log as l')
      .leftJoin('sms_account as a', 'a.id', 'l.account_id')
      .select(['l.id', 'l.space_id', 'a.name', 'l.template_code', 'l.phone', 'l.text', 'l.status', 'l.error', 'l.sent_at'])
      .orderBy('l.sent_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(200)
      .execute();
    const entries: SmsLogEntry[] = rows.map((r) => ({ id: String(r.id), spaceId: r.space_id, account: r.name, templateCode: r.template_code, phone: r.phone, text: r.text, status: r.status, error: r.error, sentAt: r.sent_at.toISOString() }));
    return ok({ entries });
  });

  // A test message from the page, through the same channel the apps use.
  app.post(`${BASE}/test`, { config: write('test'), schema: { querystring: NoQuery, body: SmsTestBody } }, async (req) => {
    req.ctx.auditTarget = req.body.template;
    return ok(await kernel.sms.send(null, { phone: req.body.phone, template: req.body.template, params: req.body.params }));
  });
}
