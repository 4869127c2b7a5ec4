import type { ColumnType, Generated } from 'kysely';

/** Announcements and planned maintenance (console migration 0003): a platform table, root's only. */
export interface ConsoleNoticeTable {
  id: Generated<string>;
  kind: 'announcement' | 'maintenance';
  title_zh: string;
  title_en: string;
  body_zh: Generated<string>;
  body_en: Generated<string>;
  space_ids: string[] | null;
  starts_at: ColumnType<Date, Date, Date>;
  ends_at: ColumnType<Date | null, Date | null, Date | null>;
  state: Generated<'scheduled' | 'done' | 'cancelled'>;
  done_at: ColumnType<Date | null, Date | null, Date | null>;
  delivered: number | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    console_notice: ConsoleNoticeTable;
  }
}
