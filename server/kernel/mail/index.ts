import type { Language } from '../../../shared/i18n/index.ts';
import { isEmailAddress } from '../../../shared/org/mail-settings.ts';
import { renderMail, type MailTemplateKey, type MailText } from '../../../shared/org/mail-templates.ts';
import { AppError } from '../errors.ts';
import type { Kernel } from '../kernel.ts';
import { deliverMail, type MailServer } from './transport.ts';

export { deliverMail, verifyMailServer, mailFailure, MAIL_TIMEOUTS, type MailServer, type MailMessage, type MailTimeouts } from './transport.ts';

/**
 * Where a space's mail server and templates come from. The org app owns them (its tables, its admin page) and
 * registers itself here at boot; senders (messages, workflow, members) call `sendMail` and never read org's tables,
 * so apps stay free of each other's internals and the kernel of any app's (decision 0041).
 */
export interface MailProvider {
  /** The space's server with its password opened, or null while none is configured. */
  server(spaceId: string): Promise<MailServer | null>;
  /** The text of template `key` in `language`: the space's own, else the default. */
  template(spaceId: string, key: MailTemplateKey, language: Language): Promise<MailText>;
}

export interface MailRequest {
  to: string;
  templateKey: MailTemplateKey;
  /** The recipient's language. */
  language: Language;
  values: Readonly<Record<string, string | number | null | undefined>>;
  /** The Message-ID to send under (a delivery retried after a crash keeps its first one). */
  messageId?: string;
}

const providers = new WeakMap<Kernel, MailProvider>();

/** Called once by the app that keeps mail settings (org) when it registers its routes. */
export function provideMail(kernel: Kernel, provider: MailProvider): void {
  providers.set(kernel, provider);
}

/**
 * Sends template `templateKey` to one recipient through the space's configured server, filled with `values` by the
 * shared renderer (shared/org/mail-templates.ts). Every connection goes through the kernel's outbound guard.
 * Failures are AppErrors: 422 `mail.notConfigured` when the space has no server, `mail.badRecipient`, and those of
 * the connection (`outbound.refused`, `mail.unreachable`, `mail.noAnswer`, `mail.authFailed`, …).
 */
export async function sendMail(kernel: Kernel, spaceId: string, request: MailRequest): Promise<{ messageId: string }> {
  const provider = providers.get(kernel);
  if (!provider) throw new Error('no mail provider registered (the org app registers it)');
  const to = request.to.trim();
  if (!isEmailAddress(to)) throw new AppError(422, 'mail.badRecipient', { to: to.slice(0, 60) });
  const server = await provider.server(spaceId);
  if (!server) throw new AppError(422, 'mail.notConfigured');
  const text = renderMail(await provider.template(spaceId, request.templateKey, request.language), request.values);
  return { messageId: await deliverMail(kernel.outbound, server, { to, subject: text.subject, text: text.body, messageId: request.messageId }) };
}

/**
 * A message the platform words itself (a verification code), which no space template may change or drop: sent as
 * given through the space's configured server, with the same failures as `sendMail`.
 */
export async function sendPlainMail(kernel: Kernel, spaceId: string, message: { to: string; subject: string; text: string }): Promise<{ messageId: string }> {
  const provider = providers.get(kernel);
  if (!provider) throw new Error('no mail provider registered (the org app registers it)');
  const to = message.to.trim();
  if (!isEmailAddress(to)) throw new AppError(422, 'mail.badRecipient', { to: to.slice(0, 60) });
  const server = await provider.server(spaceId);
  if (!server) throw new AppError(422, 'mail.notConfigured');
  return { messageId: await deliverMail(kernel.outbound, server, { to, subject: message.subject, text: message.text }) };
}
