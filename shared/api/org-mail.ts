import { Type } from '@sinclair/typebox';
import { Strict } from './common.ts';

/**
 * Bodies of the mail settings and templates (§2.6 emailTemplateConfig). Shapes and outer bounds only: the
 * values are checked by shared/org/mail-settings.ts and mail-templates.ts, so a wrong value is a 422 that names the
 * problem in the caller's language.
 */
const Text = (maxLength: number) => Type.String({ maxLength });

export const MailSettingsBody = Strict({
  host: Text(300),
  port: Type.Integer(),
  security: Text(20),
  user: Text(300),
  password: Type.Optional(Text(300)),
  fromAddress: Text(300),
  fromName: Text(300),
});

export const MailTestBody = Strict({
  to: Text(300),
  language: Text(16),
  /** A template filled with sample values; absent → the platform's test message. */
  templateKey: Type.Optional(Text(40)),
  /** Settings being edited (not saved yet); absent → the saved ones. */
  settings: Type.Optional(MailSettingsBody),
});

const MailText = Strict({ subject: Text(1000), body: Text(20_000) });

export const MailTemplateBody = Strict({ 'zh-CN': MailText, en: MailText });

export const MailTemplateParams = Strict({ key: Type.String({ pattern: '^[A-Za-z]{1,40}$' }) });
