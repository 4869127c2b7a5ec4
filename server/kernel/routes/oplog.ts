import ExcelJS from 'exceljs';
import { sql, type SelectQueryBuilder } from 'kysely';
import { PassThrough } from 'node:stream';
import { OplogExportQuery, OplogQuery } from '../../../shared/api/kernel.ts';
import { OPERATION_RECORD_DAYS } from '../../../shared/constants.ts';
import { actionText, targetText } from '../../../shared/oplog-text.ts';
import type { Database } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../http/server.ts';
import type { Kernel } from '../kernel.ts';

type Filters = { days?: number; spaceId?: string; userId?: string; action?: string; result?: 'ok' | 'denied' | 'failed'; crossSpace?: boolean };
type LogQuery = SelectQueryBuilder<Database, 'oplog' | 'users', object>;

/** An export holds at most this many entries (7 days of a busy space); the list pages through any number. */
const EXPORT_MAX = 100_000;

/**
 * Reading the operation log. An auditor reads the log of the space they act in, filtered by who, what, result and
 * cross-space, the last 7 days at most (§9); root reads across spaces, which is itself logged. There is no route
 * that edits or deletes entries (and the app role cannot).
 */
export function registerOplogRoutes(app: App, kernel: Kernel): void {
  /** The space whose log the caller may read (null: every space, root only); a refused choice is 403. */
  async function readableSpace(req: FastifyRequest, spaceId: string | undefined): Promise<string | null> {
    const isRootRead = req.ctx.roles.includes('root') && !req.ctx.roles.includes('audit');
    const space = isRootRead ? (spaceId ?? null) : (req.ctx.space?.id ?? null);
    if (!isRootRead && (!space || (spaceId && spaceId !== space))) throw fail.forbidden();
    if (isRootRead) {
      await kernel.audit.record({
        userId: req.ctx.principal?.userId ?? null,
        spaceId: space,
        action: 'kernel.oplog.crossSpaceRead',
        target: space ?? '*',
        result: 'ok',
        ip: req.ctx.ip,
        crossSpace: true,
      });
    }
    return space;
  }

  function entries(space: string | null, filters: Filters): LogQuery {
    let query = kernel.db
      .selectFrom('oplog')
      .leftJoin('users', 'users.id', 'oplog.user_id')
      .where('oplog.at', '>', sql<Date>`now() - make_interval(days => ${filters.days ?? OPERATION_RECORD_DAYS})`);
    if (space) query = query.where('oplog.space_id', '=', space);
    if (filters.userId) query = query.where('oplog.user_id', '=', filters.userId);
    // Prefix match on the action name; the pattern allows no LIKE wildcards, so none can be smuggled in.
    if (filters.action) query = query.where((eb) => eb.or([eb('oplog.action', '=', filters.action!), eb('oplog.action', 'like', `${filters.action}.%`)]));
    if (filters.result) query = query.where('oplog.result', '=', filters.result);
    if (filters.crossSpace !== undefined) query = query.where('oplog.cross_space', '=', filters.crossSpace);
    return query as LogQuery;
  }

  const columns = [
    'oplog.id',
    'oplog.at',
    'oplog.user_id',
    'users.login_id as user_login',
    'users.name as user_name',
    'oplog.space_id',
    'oplog.action',
    'oplog.target',
    'oplog.result',
    'oplog.status',
    'oplog.ip',
    'oplog.cross_space',
    'oplog.via_token',
  ] as const;

  app.get('/api/kernel/oplog', { config: { access: { permission: 'kernel.oplog.read' } }, schema: { querystring: OplogQuery } }, async (req) => {
    const { limit = 50, before, spaceId, ...filters } = req.query;
    const space = await readableSpace(req, spaceId);
    let query = entries(space, filters).select(columns).orderBy('oplog.id', 'desc').limit(limit);
    if (before) query = query.where('oplog.id', '<', before);
    const rows = await query.execute();
    return { code: 200, msg: 'ok', data: { entries: rows, nextBefore: rows.length === limit ? rows.at(-1)?.id : null } };
  });

  // The same filters as an xlsx file, newest first, in the caller's language; streamed, so memory stays flat.
  app.get('/api/kernel/oplog/export', { config: { access: { permission: 'kernel.oplog.read' } }, schema: { querystring: OplogExportQuery } }, async (req, reply) => {
    const { spaceId, lang: _lang, ...filters } = req.query;
    const space = await readableSpace(req, spaceId);
    const t = (key: string) => kernel.i18n.t(req.ctx.language, key);
    const dictionary = kernel.i18n.dictionaries[req.ctx.language];
    const words = (key: string, params?: Record<string, string>) => (dictionary[key] ? kernel.i18n.t(req.ctx.language, key, params) : null);
    const rows = await entries(space, filters).select(columns).orderBy('oplog.id', 'desc').limit(EXPORT_MAX).execute();
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(t('kernel.oplog.sheet'));
    sheet.columns = [
      { header: t('kernel.oplog.at'), key: 'at', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      { header: t('kernel.oplog.user'), key: 'user', width: 24 },
      { header: t('kernel.oplog.space'), key: 'space', width: 12 },
      { header: t('kernel.oplog.action'), key: 'action', width: 30 },
      { header: t('kernel.oplog.target'), key: 'target', width: 16 },
      { header: t('kernel.oplog.result'), key: 'result', width: 10 },
      { header: t('kernel.oplog.status'), key: 'status', width: 8 },
      { header: t('kernel.oplog.ip'), key: 'ip', width: 16 },
      { header: t('kernel.oplog.crossSpace'), key: 'cross', width: 10 },
    ];
    void (async () => {
      for (const row of rows) {
        sheet
          .addRow({
            at: row.at,
            user: row.user_name ? `${row.user_name} (${row.user_login})` : (row.user_id ?? ''),
            space: row.space_id ?? '',
            action: actionText(row.action, words),
            target: targetText(row.action, row.target, words) ?? '',
            result: t(`kernel.oplog.result.${row.result}`),
            status: row.status,
            ip: row.ip ?? '',
            cross: row.cross_space ? '✓' : '',
          })
          .commit();
      }
      sheet.commit();
      await workbook.commit();
    })().catch((error: unknown) => out.destroy(error as Error));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${t('kernel.oplog.sheet')}.xlsx`)}`)
      .send(out);
  });
}
