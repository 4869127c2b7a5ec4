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
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    platform_article: PlatformArticleTable;
  }
}
