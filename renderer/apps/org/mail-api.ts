import { atom } from 'jotai';
import type { Language } from '../../../shared/i18n/index.ts';
import type { MailTemplateKey, MailText } from '../../../shared/org/mail-templates.ts';
import { buildPath, type RouteMatch } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';

/** One template as the server answers it (server/apps/org/mail-store.ts). */
export interface MailTemplateView {
  key: MailTemplateKey;
  placeholders: string[];
  texts: Record<Language, MailText & { custom: boolean; updatedAt: string | null; default: MailText }>;
  /** Sample values per language, for previews. */
  samples: Record<Language, Record<string, string>>;
}

/**
 * Bumped by the edit page after a save or reset: the settings page stays mounted in the page cache, and reloads
 * its template list when this changes instead of showing what it loaded before.
 */
export const mailTemplatesRoundAtom = atom(0);

const routePath = (id: string, match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>) => buildPath(ROUTES.find((r) => r.id === id)!, {}, match.spaceUri ? match.spaceId : null);

/** enterprise/emailTemplateConfigEdit?key=… */
export const templateEditPath = (match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>, key: MailTemplateKey) => `${routePath('org.emailTemplateEdit', match)}?key=${key}`;

export const templateListPath = (match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>) => routePath('org.emailTemplateConfig', match);

/** The marker a placeholder is written as. */
export const marker = (name: string) => `<%${name}%>`;
