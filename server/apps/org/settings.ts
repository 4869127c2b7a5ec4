import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { NoQuery, Strict } from '../../../shared/api/common.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

const TimeZoneBody = Strict({ timeZone: Type.String({ maxLength: 200 }) });

/**
 * An IANA zone name (`Asia/Shanghai`, `UTC`), as the runtime's time-zone database knows it. Offsets such as
 * `+08:00` are refused: they have no daylight-saving rules, so they are not what a place's clock shows.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Space settings (spec §2.6 sysop): the space's time zone, which spreadsheet imports and exports use for
 * date-times. Every member may read it; an admin sets it. `spaces` is a platform table without row-level
 * security, so every statement names the request's own space.
 */
export function registerSettingsRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.settings.manage' } as const;

  app.get('/api/org/settings/time-zone', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const row = await kernel.transact(req, async (trx) =>
      (await sql<{ time_zone: string }>`select time_zone from spaces where id = ${space.id}`.execute(trx)).rows[0],
    );
    return { code: 200, msg: 'ok', data: { timeZone: row?.time_zone ?? 'Asia/Shanghai' } };
  });

  app.put('/api/org/settings/time-zone', { config: { access: manage, action: 'org.settings.timeZone' }, schema: { querystring: NoQuery, body: TimeZoneBody } }, async (req) => {
    const space = currentSpace(req);
    const timeZone = req.body.timeZone.trim();
    if (timeZone.length > 64 || !isIanaTimeZone(timeZone)) throw fail.unprocessable('org.timeZoneInvalid', { zone: timeZone.slice(0, 64) });
    req.ctx.auditTarget = timeZone;
    await kernel.transact(req, (trx) => sql`update spaces set time_zone = ${timeZone} where id = ${space.id}`.execute(trx));
    return { code: 200, msg: 'ok', data: { timeZone } };
  });
}
