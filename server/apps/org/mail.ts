import type { Static } from '@sinclair/typebox';
import { NoQuery } from '../../../shared/api/common.ts';
import { MailSettingsBody, MailTemplateBody, MailTemplateParams, MailTestBody } from '../../../shared/api/org-mail.ts';
import { LANGUAGES, normaliseLanguage, type Language } from '../../../shared/i18n/index.ts';
import { MAIL_SETTINGS_PATH, MAIL_TEMPLATES_PATH, MAIL_TEST_PATH, isEmailAddress, mailSettingsProblem, type MailSettingsInput } from '../../../shared/org/mail-settings.ts';
import { isMailTemplateKey, mailTextProblem, renderMail, type MailTemplateKey, type MailText } from '../../../shared/org/mail-templates.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { deliverMail, provideMail, verifyMailServer, type MailServer } from '../../kernel/mail/index.ts';
import { secretBoxFor } from '../../kernel/secrets.ts';
import { defaultText, openPassword, orgMailProvider, passwordContext, readSettingsRow, readTemplates, serverOf, settingsView, type SettingsRow } from './mail-store.ts';

type SettingsBody = Static<typeof MailSettingsBody>;

/** The body as the rules see it: surrounding blanks dropped where they cannot be meant. */
function normalise(body: SettingsBody): MailSettingsInput {
  return { ...body, host: body.host.trim(), user: body.user.trim(), fromAddress: body.fromAddress.trim(), fromName: body.fromName.trim(), security: body.security as MailSettingsInput['security'] };
}

/**
 * The password a server is used with. Left out, the stored one is kept — but only for the server and user it was
 * given for, and not over a connection newly left unencrypted: otherwise whoever can edit the settings could make
 * the platform hand the stored secret to a host of their choosing without ever knowing it.
 */
function passwordFor(kernel: Kernel, stored: SettingsRow | undefined, input: MailSettingsInput): string {
  if (input.password !== undefined) return input.password;
  if (!stored?.password_sealed) return '';
  const moved = stored.host.toLowerCase() !== input.host.toLowerCase() || stored.user_name !== input.user;
  const weakened = input.security === 'none' && stored.security !== 'none';
  if (moved || weakened) throw fail.unprocessable('org.mail.problem.passwordAgain');
  return openPassword(kernel, stored);
}

function checked(kernel: Kernel, stored: SettingsRow | undefined, body: SettingsBody): MailServer {
  const input = normalise(body);
  const problem = mailSettingsProblem(input);
  if (problem) throw fail.unprocessable(problem.key, problem.params);
  const { password: _password, ...rest } = input;
  return { ...rest, password: passwordFor(kernel, stored, input) };
}

const text = (t: MailText): MailText => ({ subject: t.subject.trim(), body: t.body.replace(/\r\n?/g, '\n') });

/**
 * emailTemplateConfig and enterprise/emailTemplateConfigEdit (spec §2.6; decision 0041): the space's SMTP server,
 * its wording of the platform's e-mails, and a test send. The administrator's alone (`org.mail.manage`): the
 * settings hold a credential and the templates speak for the enterprise. Every connection goes through the
 * kernel's outbound guard; settings are proved (connect, TLS, sign-in) before they are saved, so a server that is
 * refused, unreachable or silent is a 422 and nothing changes.
 */
export function registerMailRoutes(app: App, kernel: Kernel): void {
  provideMail(kernel, orgMailProvider(kernel));
  const manage = { permission: 'org.mail.manage' } as const;

  app.get(MAIL_SETTINGS_PATH, { config: { access: manage }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return { code: 200, msg: 'ok', data: settingsView(await kernel.transact(req, readSettingsRow)) };
  });

  app.put(MAIL_SETTINGS_PATH, { config: { access: manage, action: 'org.settings.mail' }, schema: { querystring: NoQuery, body: MailSettingsBody } }, async (req) => {
    const space = currentSpace(req);
    // Read outside the write's transaction: the network check below must not hold a database transaction open.
    const stored = await inSpace(kernel.db, space.id, readSettingsRow);
    const server = checked(kernel, stored, req.body);
    req.ctx.auditTarget = `${server.host}:${server.port}`;
    await verifyMailServer(kernel.outbound, server);
    const sealed = server.password ? secretBoxFor(kernel.config).seal(server.password, passwordContext(space.id)) : null;
    const values = { host: server.host, port: server.port, security: server.security, user_name: server.user, password_sealed: sealed, from_address: server.fromAddress, from_name: server.fromName };
    const saved = await kernel.transact(req, async (trx) => {
      await trx
        .insertInto('org_mail_settings')
        .values({ space_id: space.id, ...values })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
      return readSettingsRow(trx);
    });
    return { code: 200, msg: 'org.mail.saved', data: settingsView(saved) };
  });

  app.post(MAIL_TEST_PATH, { config: { access: manage, action: 'org.mail.test' }, schema: { querystring: NoQuery, body: MailTestBody } }, async (req) => {
    const space = currentSpace(req);
    const { to, templateKey, settings } = req.body;
    const language: Language = normaliseLanguage(req.body.language) ?? req.ctx.language;
    if (!isEmailAddress(to.trim())) throw fail.unprocessable('mail.badRecipient', { to: to.slice(0, 60) });
    if (templateKey !== undefined && !isMailTemplateKey(templateKey)) throw fail.unprocessable('org.mail.problem.unknownTemplate');
    req.ctx.auditTarget = to.trim();
    const stored = await inSpace(kernel.db, space.id, readSettingsRow);
    let server: MailServer;
    if (settings) server = checked(kernel, stored, settings);
    else if (stored) server = serverOf(kernel, stored);
    else throw fail.unprocessable('mail.notConfigured');
    const t = (key: string, params?: Record<string, string>) => kernel.i18n.t(language, key, params);
    let message: MailText;
    if (templateKey) {
      const key = templateKey as MailTemplateKey;
      const [view] = await inSpace(kernel.db, space.id, (trx) => readTemplates(kernel, trx, key, space.name));
      const filled = renderMail(view!.texts[language], view!.samples[language]);
      message = { subject: `${t('org.mail.test.samplePrefix')}${filled.subject}`, body: filled.body };
    } else {
      message = { subject: t('org.mail.test.subject', { space: space.name }), body: t('org.mail.test.body', { space: space.name, host: server.host }) };
    }
    await deliverMail(kernel.outbound, server, { to: to.trim(), subject: message.subject, text: message.body });
    return { code: 200, msg: 'org.mail.testSent', params: { to: to.trim() }, data: { to: to.trim() } };
  });

  app.get(MAIL_TEMPLATES_PATH, { config: { access: manage }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return { code: 200, msg: 'ok', data: { templates: await kernel.transact(req, (trx) => readTemplates(kernel, trx)) } };
  });

  const known = (key: string): MailTemplateKey => {
    if (!isMailTemplateKey(key)) throw fail.notFound('org.mail.problem.unknownTemplate');
    return key;
  };

  app.get(`${MAIL_TEMPLATES_PATH}/:key`, { config: { access: manage }, schema: { params: MailTemplateParams, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const key = known(req.params.key);
    const [view] = await kernel.transact(req, (trx) => readTemplates(kernel, trx, key, space.name));
    return { code: 200, msg: 'ok', data: view };
  });

  app.put(`${MAIL_TEMPLATES_PATH}/:key`, { config: { access: manage, action: 'org.settings.mailTemplate' }, schema: { params: MailTemplateParams, querystring: NoQuery, body: MailTemplateBody } }, async (req) => {
    const space = currentSpace(req);
    const key = known(req.params.key);
    const texts = Object.fromEntries(LANGUAGES.map((language) => [language, text(req.body[language])])) as Record<Language, MailText>;
    for (const language of LANGUAGES) {
      const problem = mailTextProblem(key, texts[language]);
      // `data.language` tells the page which language's tab to show.
      if (problem) throw fail.unprocessable(problem.key, problem.params, { language });
    }
    req.ctx.auditTarget = key;
    const [view] = await kernel.transact(req, async (trx) => {
      for (const language of LANGUAGES) {
        const own = texts[language];
        const fallback = defaultText(kernel, key, language);
        // The default's very words are not kept as the space's own: the space then follows the default as it changes.
        if (own.subject === fallback.subject && own.body === fallback.body) {
          await trx.deleteFrom('org_mail_template').where('key', '=', key).where('language', '=', language).execute();
          continue;
        }
        await trx
          .insertInto('org_mail_template')
          .values({ space_id: space.id, key, language, ...own })
          .onConflict((oc) => oc.columns(['space_id', 'key', 'language']).doUpdateSet({ ...own, updated_at: new Date() }))
          .execute();
      }
      return readTemplates(kernel, trx, key, space.name);
    });
    return { code: 200, msg: 'org.mail.templateSaved', data: view };
  });

  app.delete(`${MAIL_TEMPLATES_PATH}/:key`, { config: { access: manage, action: 'org.settings.mailTemplateReset' }, schema: { params: MailTemplateParams, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const key = known(req.params.key);
    req.ctx.auditTarget = key;
    const [view] = await kernel.transact(req, async (trx) => {
      await trx.deleteFrom('org_mail_template').where('key', '=', key).execute();
      return readTemplates(kernel, trx, key, space.name);
    });
    return { code: 200, msg: 'org.mail.templateReset', data: view };
  });
}
