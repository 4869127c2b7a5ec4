import { sql } from 'kysely';
import { SMS_CHANNELS } from '../../server/apps/console/access/sms-channel.ts';
import type { Db } from '../../server/kernel/db/pool.ts';

/**
 * What the development sink handed to each phone, newest last. The send log keeps verification codes masked, so a
 * test reads the text the phone would have received here, as the member reads it on his phone.
 */
const delivered = new Map<string, string[]>();
const sink = SMS_CHANNELS.sink;
SMS_CHANNELS.sink = {
  async deliver(kernel, route, phone, text) {
    delivered.set(phone, [...(delivered.get(phone) ?? []), text]);
    return sink.deliver(kernel, route, phone, text);
  },
};

/**
 * Reads the texts the platform sent through the seeded development account (decision 0089), which only logs them.
 * Each call answers the next text sent to `phone` for `space` since the previous call — a reset code leaves after
 * the answer, so it waits up to `waitMs` — or '' when none came. The send log tells that a text went out and for
 * which space; the text itself, code whole, is the one the sink delivered.
 */
export function textReader(db: () => Db) {
  const seen = new Map<string, string>();
  return async (space: string, phone: string, waitMs = 5_000): Promise<string> => {
    const key = `${space}:${phone}`;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const query = sql<{ id: string }>`select id::text from sms_send_log where space_id = ${space} and phone = ${phone} and status = 'sent' order by id desc limit 1`;
      const row = (await query.execute(db())).rows[0];
      if (row && row.id !== seen.get(key)) {
        seen.set(key, row.id);
        return delivered.get(phone)?.at(-1) ?? '';
      }
      if (Date.now() >= deadline) return '';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
