import type { Language } from '../i18n/index.ts';

/**
 * The e-mails the platform sends (§2.6 emailTemplateConfig; decision 0041), each a subject and a plain-text body
 * per language with `<%name%>` placeholders. Defaults are dictionary strings (`org.mail.template.<key>.subject|body`);
 * a space's administrator may override them. The page, the server and every sender (messages, workflow) use this
 * one renderer and these placeholder lists, so what the editor accepts is exactly what a sender fills.
 */
export const MAIL_TEMPLATE_KEYS = ['invitation', 'passwordReset', 'todo', 'approvalResult', 'notice'] as const;
export type MailTemplateKey = (typeof MAIL_TEMPLATE_KEYS)[number];

/** The values each template may show; a sender passes these (a missing one renders empty). */
export const MAIL_PLACEHOLDERS: Record<MailTemplateKey, readonly string[]> = {
  invitation: ['name', 'loginId', 'link', 'space'],
  // The new password is never mailed: the member is told who reset it and where to sign in.
  passwordReset: ['name', 'loginId', 'operator', 'link', 'space'],
  todo: ['name', 'title', 'app', 'sender', 'link', 'space'],
  approvalResult: ['name', 'title', 'result', 'approver', 'comment', 'link', 'space'],
  notice: ['name', 'title', 'content', 'link', 'space'],
};

export const MAIL_TEMPLATE_LIMITS = { subject: 200, body: 10_000 } as const;

export interface MailText {
  subject: string;
  body: string;
}

export type MailTemplateTexts = Record<Language, MailText>;

export interface MailProblem {
  key: string;
  params?: Record<string, string | number>;
}

export const isMailTemplateKey = (value: unknown): value is MailTemplateKey => typeof value === 'string' && (MAIL_TEMPLATE_KEYS as readonly string[]).includes(value);

/** The dictionary key of a template's default subject or body. */
export const defaultTextKey = (key: MailTemplateKey, part: keyof MailText) => `org.mail.template.${key}.${part}`;

/** The dictionary key of a sample value (previews and test sends fill the template with these). */
export const sampleValueKey = (placeholder: string) => `org.mail.sample.${placeholder}`;

const MARKER = /<%([\s\S]*?)%>/g;
const NAME = /^\s*(\w+)\s*$/;

/** The names a text uses, in order of first use; null when a marker is broken (`<%`, `%>` or `<% a b %>`). */
export function placeholdersOf(text: string): string[] | null {
  const names: string[] = [];
  for (const match of text.matchAll(MARKER)) {
    const name = NAME.exec(match[1] ?? '')?.[1];
    if (!name) return null;
    if (!names.includes(name)) names.push(name);
  }
  // What is left after removing whole markers must hold no half of one.
  const rest = text.replace(MARKER, '');
  if (rest.includes('<%') || rest.includes('%>')) return null;
  return names;
}

/** The first problem of one language's text of template `key`, as a dictionary key and its values, or null. */
export function mailTextProblem(key: MailTemplateKey, text: MailText): MailProblem | null {
  for (const part of ['subject', 'body'] as const) {
    const value = text[part];
    if (!value.trim()) return { key: `org.mail.problem.${part}Required` };
    if (value.length > MAIL_TEMPLATE_LIMITS[part]) return { key: `org.mail.problem.${part}TooLong`, params: { max: MAIL_TEMPLATE_LIMITS[part] } };
    const names = placeholdersOf(value);
    if (!names) return { key: 'org.mail.problem.brokenMarker' };
    const unknown = names.find((name) => !MAIL_PLACEHOLDERS[key].includes(name));
    if (unknown) return { key: 'org.mail.problem.unknownPlaceholder', params: { name: `<%${unknown}%>`, allowed: MAIL_PLACEHOLDERS[key].map((p) => `<%${p}%>`).join(' ') } };
  }
  return null;
}

/**
 * Fills a template. Values are inserted as given (the mail is plain text, so nothing is markup); a placeholder
 * without a value renders empty rather than showing `<%name%>` to a recipient. The subject is one header line:
 * line breaks a value brings in become spaces, so no value can add a header.
 */
export function renderMail(text: MailText, values: Readonly<Record<string, string | number | null | undefined>>): MailText {
  const fill = (template: string) =>
    template.replace(MARKER, (_marker, inner: string) => {
      const value = values[inner.trim()];
      return value === undefined || value === null ? '' : String(value);
    });
  return { subject: fill(text.subject).replace(/[\r\n]+/g, ' ').trim(), body: fill(text.body) };
}

/** Sample values for previews and test sends: each placeholder's dictionary sample through `t`, the space's name as given. */
export function sampleValues(key: MailTemplateKey, t: (key: string) => string, space: string): Record<string, string> {
  return Object.fromEntries(MAIL_PLACEHOLDERS[key].map((name) => [name, name === 'space' ? space : t(sampleValueKey(name))]));
}
