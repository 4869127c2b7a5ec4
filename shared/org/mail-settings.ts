import type { MailProblem } from './mail-templates.ts';

/**
 * The space's outgoing mail server (§2.6 emailTemplateConfig; decision 0041). Shared by the page and the server,
 * so both refuse the same things with the same words. The password is write-only: the server answers whether one
 * is set (`passwordSet`), never the password.
 */
export const MAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** The usual port of each mode (submission with STARTTLS 587, implicit TLS 465, plain relay 25). */
export const MAIL_DEFAULT_PORTS: Record<MailSecurity, number> = { none: 25, starttls: 587, tls: 465 };

export const MAIL_SETTINGS_LIMITS = { host: 253, user: 200, password: 200, fromAddress: 254, fromName: 100 } as const;

export const MAIL_SETTINGS_PATH = '/api/org/mail/settings';
export const MAIL_TEST_PATH = '/api/org/mail/test';
export const MAIL_TEMPLATES_PATH = '/api/org/mail/templates';

interface MailServerFields {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  fromAddress: string;
  fromName: string;
}

/** What the server answers: `configured` false until an admin saved a server. */
export interface MailSettingsView extends MailServerFields {
  configured: boolean;
  passwordSet: boolean;
  updatedAt: string | null;
}

/** What the page sends: `password` absent keeps the stored one, '' removes it, any other text replaces it. */
export interface MailSettingsInput extends MailServerFields {
  password?: string;
}

export const EMPTY_MAIL_SETTINGS: MailSettingsView = {
  configured: false,
  host: '',
  port: MAIL_DEFAULT_PORTS.tls,
  security: 'tls',
  user: '',
  fromAddress: '',
  fromName: '',
  passwordSet: false,
  updatedAt: null,
};

const EMAIL = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;
// A host name (labels of letters, digits, hyphens), an IPv4 address, or an IPv6 address in brackets.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$|^\[[0-9a-f:.]+\]$/i;

export const isEmailAddress = (value: string) => value.length <= MAIL_SETTINGS_LIMITS.fromAddress && EMAIL.test(value);

/** The first problem of the settings, as a dictionary key and its values, or null. */
export function mailSettingsProblem(input: MailSettingsInput): MailProblem | null {
  const host = input.host.trim();
  if (!host) return { key: 'org.mail.problem.hostRequired' };
  if (host.length > MAIL_SETTINGS_LIMITS.host || !HOST.test(host)) return { key: 'org.mail.problem.badHost', params: { host: host.slice(0, 60) } };
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535) return { key: 'org.mail.problem.badPort' };
  if (!(MAIL_SECURITY as readonly string[]).includes(input.security)) return { key: 'org.mail.problem.badSecurity' };
  if (input.user.length > MAIL_SETTINGS_LIMITS.user) return { key: 'org.mail.problem.userTooLong', params: { max: MAIL_SETTINGS_LIMITS.user } };
  if ((input.password?.length ?? 0) > MAIL_SETTINGS_LIMITS.password) return { key: 'org.mail.problem.passwordTooLong', params: { max: MAIL_SETTINGS_LIMITS.password } };
  if (!isEmailAddress(input.fromAddress.trim())) return { key: 'org.mail.problem.badFromAddress' };
  // The sender's name goes into a header: a line break there could add one.
  if (input.fromName.length > MAIL_SETTINGS_LIMITS.fromName || /[\r\n]/.test(input.fromName)) return { key: 'org.mail.problem.badFromName', params: { max: MAIL_SETTINGS_LIMITS.fromName } };
  return null;
}
