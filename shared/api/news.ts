import { Type } from '@sinclair/typebox';
import { IdParam, Lang, Strict } from './common.ts';

/** Announcements and help articles (decision 0063): read by everyone, written by the operator. */
export const NEWS_PAGE = 20;
export const HELP_CATEGORIES = ['start', 'forms', 'workflow'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const NewsListQuery = Strict({ lang: Lang, cursor: Type.Optional(Type.String({ pattern: '^[01]\\.[0-9]{1,16}\\.[0-9]{1,18}$' })) });
export const HelpQuery = Strict({ lang: Lang, q: Type.Optional(Type.String({ maxLength: 60 })) });
export const ArticleParam = IdParam;

export interface ArticleSummary {
  id: string;
  title: string;
  summary: string;
  pinned: boolean;
  publishedAt: string;
}

export interface Article extends ArticleSummary {
  category: HelpCategory | null;
  /** Plain-text paragraphs, drawn as text (an article written before the operator's editor). */
  paragraphs: string[];
  /** The body as HTML the server sanitised when it was saved (decision 0084); null for a plain-text article. */
  html: string | null;
}

export interface NewsPage {
  items: ArticleSummary[];
  /** Cursor of the next page, or null at the end. */
  next: string | null;
}

export interface HelpIndex {
  categories: { key: HelpCategory; articles: ArticleSummary[] }[];
}
