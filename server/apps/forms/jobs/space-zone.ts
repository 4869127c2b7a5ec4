import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';

/** The zone a space's spreadsheets use (kernel migration 0004; set by its admin in org settings). */
export async function spaceTimeZone(trx: Trx, spaceId: string): Promise<string> {
  const row = (await sql<{ time_zone: string }>`select time_zone from spaces where id = ${spaceId}`.execute(trx)).rows[0];
  return row?.time_zone ?? 'Asia/Shanghai';
}
