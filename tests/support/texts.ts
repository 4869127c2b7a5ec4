import { sql } from 'kysely';
import type { Db } from '../../server/kernel/db/pool.ts';

/**
 * Reads the texts the platform sent, from the SMS send log (the seeded development account only logs them,
 * decision 0089). Each call answers the next text sent to `phone` for `space` since the previous call — a reset
 * code leaves after the answer, so it waits up to `waitMs` — or '' when none came.
 */
export function textReader(db: () => Db) {
  const seen = new Map<string, string>();
  return async (space: string, phone: string, waitMs = 5_000): Promise<string> => {
    const key = `${space}:${phone}`;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const query = sql<{ id: string; text: string }>`select id::text, text from sms_send_log where space_id = ${space} and phone = ${phone} and status = 'sent' order by id desc limit 1`;
      const row = (await query.execute(db())).rows[0];
      if (row && row.id !== seen.get(key)) {
        seen.set(key, row.id);
        return row.text;
      }
      if (Date.now() >= deadline) return '';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
