import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { Lang, NoQuery, Strict } from '../../../../shared/api/common.ts';
import { FormParams, JobParams } from '../../../../shared/api/forms.ts';
import type { Language } from '../../../../shared/i18n/index.ts';
import { fail } from '../../../kernel/errors.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { loadForm } from '../context.ts';
import { cellsFromJson, failedRowFromJson, openWriter, type Cell, type ColumnFormat, type SheetKind } from '../../../kernel/sheets/index.ts';
import { IMPORTABLE } from './import-cells.ts';
import { ownJob } from './own-job.ts';
import { spaceTimeZone } from './space-zone.ts';
import { templateSheet } from './template.ts';

const access = { permission: 'forms.records' } as const;
const FailuresQuery = Strict({ format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])), lang: Lang });
const MIME: Record<SheetKind, string> = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** Writes a sheet to a temp file and streams it as a download; the file goes when the stream closes. */
async function sendSheet(reply: FastifyReply, name: string, format: SheetKind, write: (file: string) => Promise<void>) {
  const tmp = path.join(os.tmpdir(), `qpaas-sheet-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.${format}`);
  try {
    await write(tmp);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  const stream = fs.createReadStream(tmp).on('close', () => fs.rmSync(tmp, { force: true }));
  return reply.header('content-type', MIME[format]).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`).send(stream);
}

/** A column shows days when every date in it is at midnight (what a date cell reads as), date-times otherwise. */
function formatsOf(rows: Cell[][], width: number): ColumnFormat[] {
  return Array.from({ length: width }, (_, column): ColumnFormat => {
    const dates = rows.map((row) => row[column]).filter((cell): cell is Date => cell instanceof Date);
    return dates.length && dates.every((date) => date.getTime() % 86_400_000 === 0) ? 'date' : undefined;
  });
}

/** The failure file of an import, and the import template of a form (§8). */
export function registerSheetRoutes(app: App, kernel: Kernel): void {
  /**
   * Each failed row as it was read — the original header row, the cells with their types (dates stay dates,
   * text is not rewritten) — plus a reason column, so the user fixes the rows and imports this file as it is.
   */
  app.get('/api/forms/jobs/:jobId/failures', { config: { access }, schema: { params: JobParams, querystring: FailuresQuery } }, async (req, reply) => {
    const job = await ownJob(kernel, req, req.params.jobId);
    if (job.kind !== 'import') throw fail.notFound('forms.job.notFound');
    const format = req.query.format ?? 'xlsx';
    const stored = await kernel.transact(req, (trx) =>
      trx.selectFrom('forms_import_failure').select(['row_no', 'reason', 'cells']).where('job_id', '=', job.id).orderBy('row_no').execute(),
    );
    const params = job.params as { lang?: string; header?: unknown; headerRow?: number };
    const header = cellsFromJson(params.header);
    const failed = stored.map((r) => failedRowFromJson(r.cells));
    const rows = failed.map((r) => r.cells);
    const width = Math.max(header.length, ...rows.map((cells) => cells.length));
    // The reasons were written in the language the import was started in: the header speaks it too.
    const language = (params.lang ?? req.ctx.language) as Language;
    const t = kernel.i18n.t;
    const names = Array.from({ length: width }, (_, i) => (header[i] === null || header[i] === undefined ? `#${i + 1}` : String(header[i])));
    const headerLine = params.headerRow ?? 1;
    return sendSheet(reply, `import-failures-${job.id}.${format}`, format, async (file) => {
      const writer = await openWriter(file, format, [...names, t(language, 'forms.import.colReason', {})], undefined, formatsOf(rows, width));
      for (const [i, row] of stored.entries()) {
        const cells = rows[i]!;
        const padded = Array.from({ length: width }, (_, column) => cells[column] ?? null);
        await writer.write([...padded, t(language, 'forms.import.rowLimit', { row: failed[i]!.line ?? row.row_no + headerLine, reason: row.reason })]);
      }
      await writer.close();
    });
  });

  /** The form's import template: importable fields' labels, one example row, select options as dropdown lists. */
  app.get('/api/forms/forms/:formId/imports/template', { config: { access }, schema: { params: FormParams, querystring: NoQuery } }, async (req, reply) => {
    const user = signedIn(req);
    const { sheet, name } = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      const me = await trx.selectFrom('users').select('name').where('id', '=', user.userId).executeTakeFirst();
      const department = viewer.departments[0]
        ? await trx.selectFrom('org_department').select('name').where('id', '=', viewer.departments[0]).executeTakeFirst()
        : undefined;
      const fields = viewer.fields.filter((f) => IMPORTABLE.includes(f.type));
      const zone = await spaceTimeZone(trx, form.spaceId);
      const language = req.ctx.language as Language;
      return {
        sheet: templateSheet(fields, { name: me?.name ?? '', department: department?.name ?? null, zone, language }),
        name: `${form.name}-${kernel.i18n.t(language, 'forms.import.templateFile', {})}.xlsx`,
      };
    });
    return sendSheet(reply, name, 'xlsx', async (file) => {
      const writer = await openWriter(file, 'xlsx', sheet.header, undefined, sheet.formats, sheet.lists);
      await writer.write(sheet.example);
      await writer.close();
    });
  });
}
