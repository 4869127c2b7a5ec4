import type { ColumnType } from 'kysely';

/** Announcements and help articles (migration console 0001): platform content, read-only to the app. */
export interface PlatformArticleTable {
  id: ColumnType<string, never, never>;
  kind: 'news' | 'help';
  category: string | null;
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  body_zh: string;
  body_en: string;
  pinned: boolean;
  sort: number;
  published_at: Date;
  hidden: boolean;
  /** Console migration 0004: the body is sanitised HTML from the operator's editor (decision 0084), not plain text. */
  rich: ColumnType<boolean, boolean | undefined, boolean>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    platform_article: PlatformArticleTable;
  }
}
