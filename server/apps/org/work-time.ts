import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { NoQuery, Strict } from '../../../shared/api/common.ts';
import { DEFAULT_WORK_TIME, WORK_TIME_LIMITS, workTimeProblem, type WorkTime } from '../../../shared/org/work-time.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Trx } from '../../kernel/db/pool.ts';

const Clock = Type.String({ maxLength: 5 });
const WorkTimeBody = Strict({
  weekDays: Type.Array(Type.Integer(), { maxItems: 7 }),
  periods: Type.Array(Strict({ start: Clock, end: Clock }), { maxItems: WORK_TIME_LIMITS.periods + 1 }),
  days: Type.Array(
    Strict({ day: Type.String({ maxLength: 10 }), kind: Type.Union([Type.Literal('holiday'), Type.Literal('workday')]), name: Type.String({ maxLength: 200 }) }),
    { maxItems: WORK_TIME_LIMITS.days + 1 },
  ),
});

/** The space's work time: its saved week and exceptions, or the defaults while none was saved. */
export async function readWorkTime(trx: Trx): Promise<WorkTime> {
  const week = await trx.selectFrom('org_work_time').select(['week_days', 'periods']).executeTakeFirst();
  const days = await sql<WorkTime['days'][number]>`select to_char(day, 'YYYY-MM-DD') as day, kind, name from org_work_day order by day`.execute(trx);
  return { weekDays: week?.week_days.map(Number) ?? DEFAULT_WORK_TIME.weekDays, periods: week?.periods ?? DEFAULT_WORK_TIME.periods, days: days.rows };
}

/**
 * workTime (spec §2.6): every member may read the space's work time (workflow limits will count in it); an admin
 * saves it whole, checked by the same rules as the page (shared/org/work-time.ts), in one transaction.
 */
export function registerWorkTimeRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.settings.manage' } as const;

  app.get('/api/org/work-time', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return { code: 200, msg: 'ok', data: await kernel.transact(req, readWorkTime) };
  });

  app.put('/api/org/work-time', { config: { access: manage, action: 'org.settings.workTime' }, schema: { querystring: NoQuery, body: WorkTimeBody } }, async (req) => {
    const space = currentSpace(req);
    const time: WorkTime = {
      weekDays: [...req.body.weekDays].sort((a, b) => a - b),
      periods: [...req.body.periods].sort((a, b) => a.start.localeCompare(b.start)),
      days: req.body.days.map((d) => ({ ...d, name: d.name.trim() })),
    };
    const problem = workTimeProblem(time);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    const saved = await kernel.transact(req, async (trx) => {
      await trx
        .insertInto('org_work_time')
        .values({ space_id: space.id, week_days: time.weekDays, periods: JSON.stringify(time.periods) as never })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ week_days: time.weekDays, periods: JSON.stringify(time.periods) as never, updated_at: new Date() }))
        .execute();
      await trx.deleteFrom('org_work_day').execute();
      if (time.days.length) await trx.insertInto('org_work_day').values(time.days.map((d) => ({ space_id: space.id, ...d }))).execute();
      return readWorkTime(trx);
    });
    return { code: 200, msg: 'ok', data: saved };
  });
}
