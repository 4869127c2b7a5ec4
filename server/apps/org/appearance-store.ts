import type { ColumnType, Generated, Updateable } from 'kysely';
import { DEFAULT_APPEARANCE, type Appearance, type ThemeSetting, type WatermarkSettings } from '../../../shared/org/appearance.ts';
import type { Trx } from '../../kernel/db/pool.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** migrations/0007_appearance.sql: one row per space, defaults until an admin saves. */
export interface OrgAppearanceTable {
  space_id: string;
  watermark_enabled: WithDefault<boolean>;
  watermark_scope: WithDefault<WatermarkSettings['scope']>;
  watermark_app_ids: WithDefault<string[]>;
  watermark_content: WithDefault<string[]>;
  watermark_density: WithDefault<string>;
  watermark_opacity: WithDefault<string>;
  watermark_font_size: WithDefault<number>;
  skin: WithDefault<string>;
  members_choose_skin: WithDefault<boolean>;
  webchat_enabled: WithDefault<boolean>;
  updated_at: Generated<Timestamp>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_appearance: OrgAppearanceTable;
  }
}

/** The space's appearance, in the request's transaction (row-level security picks the request's space). */
export async function readAppearance(trx: Trx): Promise<Appearance> {
  const row = await trx.selectFrom('org_appearance').selectAll().executeTakeFirst();
  if (!row) return DEFAULT_APPEARANCE;
  return {
    watermark: {
      enabled: row.watermark_enabled,
      scope: row.watermark_scope,
      appIds: row.watermark_app_ids,
      content: row.watermark_content as WatermarkSettings['content'],
      density: row.watermark_density as WatermarkSettings['density'],
      opacity: row.watermark_opacity as WatermarkSettings['opacity'],
      fontSize: row.watermark_font_size,
    },
    theme: { skin: row.skin as ThemeSetting['skin'], membersChoose: row.members_choose_skin },
    webchat: { enabled: row.webchat_enabled },
  };
}

/** The chat micro-app's question (shared/org/webchat.ts): may members chat on the web in this space? */
export async function webchatEnabled(trx: Trx): Promise<boolean> {
  return (await readAppearance(trx)).webchat.enabled;
}

type Columns = Omit<Updateable<OrgAppearanceTable>, 'space_id' | 'updated_at'>;

/** Writes some columns of the space's row, creating it (the rest at their defaults) on the first save. */
export async function saveAppearance(trx: Trx, spaceId: string, columns: Columns): Promise<Appearance> {
  await trx
    .insertInto('org_appearance')
    .values({ space_id: spaceId, ...columns })
    .onConflict((oc) => oc.column('space_id').doUpdateSet({ ...columns, updated_at: new Date() }))
    .execute();
  return readAppearance(trx);
}
