import type { Selectable } from 'kysely';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { EMPTY_MAIL_SETTINGS, type MailSettingsView } from '../../../shared/org/mail-settings.ts';
import { MAIL_PLACEHOLDERS, MAIL_TEMPLATE_KEYS, defaultTextKey, sampleValues, type MailTemplateKey, type MailText } from '../../../shared/org/mail-templates.ts';
import { inSpace, type Trx } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { MailProvider, MailServer } from '../../kernel/mail/index.ts';
import { secretBoxFor } from '../../kernel/secrets.ts';
import './mail-tables.ts';
import type { OrgMailSettingsTable } from './mail-tables.ts';

export type SettingsRow = Selectable<OrgMailSettingsTable>;

/** What a sealed password is bound to: this space's mail server (a copy in another space's row does not open). */
export const passwordContext = (spaceId: string) => `org.mail:${spaceId}`;

export async function readSettingsRow(trx: Trx): Promise<SettingsRow | undefined> {
  return trx.selectFrom('org_mail_settings').selectAll().executeTakeFirst();
}

/** The settings as the page sees them: whether a password is set, never the password (sealed or not). */
export function settingsView(row: SettingsRow | undefined): MailSettingsView {
  if (!row) return EMPTY_MAIL_SETTINGS;
  return {
    configured: true,
    host: row.host,
    port: row.port,
    security: row.security,
    user: row.user_name,
    fromAddress: row.from_address,
    fromName: row.from_name,
    passwordSet: row.password_sealed !== null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function openPassword(kernel: Kernel, row: Pick<SettingsRow, 'space_id' | 'password_sealed'>): string {
  return row.password_sealed ? secretBoxFor(kernel.config).open(row.password_sealed, passwordContext(row.space_id)) : '';
}

export function serverOf(kernel: Kernel, row: SettingsRow): MailServer {
  return { host: row.host, port: row.port, security: row.security, user: row.user_name, password: openPassword(kernel, row), fromAddress: row.from_address, fromName: row.from_name };
}

/** The platform's default wording of a template: the dictionary's, as written (placeholders unfilled). */
export function defaultText(kernel: Kernel, key: MailTemplateKey, language: Language): MailText {
  const dictionary = kernel.i18n.dictionaries[language];
  return { subject: dictionary[defaultTextKey(key, 'subject')] ?? '', body: dictionary[defaultTextKey(key, 'body')] ?? '' };
}

export interface TemplateView {
  key: MailTemplateKey;
  placeholders: readonly string[];
  /** Per language: the text in force, whether the space changed it, and the default (for "reset" and comparison). */
  texts: Record<Language, MailText & { custom: boolean; updatedAt: string | null; default: MailText }>;
  /** Sample values per language for the page's previews (the page holds only its own language's dictionary). */
  samples: Record<Language, Record<string, string>>;
}

export async function readTemplates(kernel: Kernel, trx: Trx, only?: MailTemplateKey, spaceName = ''): Promise<TemplateView[]> {
  let query = trx.selectFrom('org_mail_template').select(['key', 'language', 'subject', 'body', 'updated_at']);
  if (only) query = query.where('key', '=', only);
  const rows = await query.execute();
  return MAIL_TEMPLATE_KEYS.filter((key) => !only || key === only).map((key) => ({
    key,
    placeholders: MAIL_PLACEHOLDERS[key],
    texts: Object.fromEntries(
      LANGUAGES.map((language) => {
        const own = rows.find((r) => r.key === key && r.language === language);
        const fallback = defaultText(kernel, key, language);
        const text = own ? { subject: own.subject, body: own.body } : fallback;
        return [language, { ...text, custom: !!own, updatedAt: own ? new Date(own.updated_at).toISOString() : null, default: fallback }];
      }),
    ) as TemplateView['texts'],
    samples: Object.fromEntries(LANGUAGES.map((language) => [language, sampleValues(key, (k) => kernel.i18n.dictionaries[language][k] ?? '', spaceName)])) as TemplateView['samples'],
  }));
}

/** The org app's side of the kernel's mail contract: reads the space's rows under its row-level security. */
export function orgMailProvider(kernel: Kernel): MailProvider {
  return {
    async server(spaceId) {
      const row = await inSpace(kernel.db, spaceId, readSettingsRow);
      return row ? serverOf(kernel, row) : null;
    },
    async template(spaceId, key, language) {
      const [view] = await inSpace(kernel.db, spaceId, (trx) => readTemplates(kernel, trx, key));
      const text = view!.texts[language];
      return { subject: text.subject, body: text.body };
    },
  };
}
