import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { Lang, NoQuery, Strict } from '../../../../shared/api/common.ts';
import { ExportBody, FormParams, ImportBody, JobParams } from '../../../../shared/api/forms.ts';
import { EXPORT_HISTORY_DAYS } from '../../../../shared/constants.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { loadForm } from '../context.ts';
import { fileRef, readUploads, sha256 } from '../files.ts';
import { checkFilter } from './job-checks.ts';
import { runExport } from './export-job.ts';
import { defineExportHousekeeping, exportStream, storedParts } from './export-store.ts';
import { IMPORTABLE, suggestMapping } from './import-cells.ts';
import { discardImport, runImport } from './import-job.ts';
import { jobColumns, ownJob } from './own-job.ts';
import { defineFormsJobs, enqueueFormsJob } from './runner.ts';
import { readSheetHead, shapePreview, type SheetChoice, type SheetHead } from './sheet-preview.ts';
import { registerSheetRoutes } from './sheet-routes.ts';

const access = { permission: 'forms.records' } as const;
const ImportFileParams = Strict({ formId: Type.String({ pattern: '^[0-9]{1,18}$' }), fileId: Type.String({ pattern: '^[0-9]{1,18}$' }) });
const PreviewQuery = Strict({ sheet: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })), headerRow: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })), lang: Lang });
const choiceOf = (query: { sheet?: string; headerRow?: string }): SheetChoice => ({
  sheet: query.sheet === undefined ? undefined : Number(query.sheet),
  headerRow: query.headerRow === undefined ? undefined : Math.max(1, Number(query.headerRow)),
});

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-:T]/g, '');

/** The head of an import file held in memory (an upload, or a stored file): read from a temp file, then removed. */
async function headOf(bytes: Buffer | Uint8Array, choice: SheetChoice = {}, whole = true): Promise<SheetHead> {
  const tmp = path.join(os.tmpdir(), `qpaas-preview-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(tmp, bytes);
  try {
    return await readSheetHead(tmp, choice, { whole });
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** A file this user uploaded for an import (anyone else's, or another space's, is not found). */
async function importFileOf(trx: Trx, fileId: string, userId: string) {
  const file = await trx.selectFrom('forms_file').select(['id', 'content']).where('id', '=', fileId).where('purpose', '=', 'import').where('uploaded_by', '=', userId).executeTakeFirst();
  if (!file) throw fail.notFound('forms.file.notFound');
  return file;
}

/** Imports and exports (§4): background jobs the user watches; export history shows the last 3 days, latest per app. */
export function registerJobRoutes(app: App, kernel: Kernel): void {
  defineFormsJobs(kernel, {
    import: { run: (context) => runImport(context, kernel), discard: discardImport },
    export: { run: (context) => runExport(context, kernel.config.dataDir, kernel.sharing) },
  });
  defineExportHousekeeping(app, kernel);
  registerSheetRoutes(app, kernel);

  /** Step 1: upload the sheet; it is checked (type by content, zip bomb, size, quoting) before it is kept. */
  app.post('/api/forms/forms/:formId/imports/preview', { config: { access, action: 'forms.import.upload' }, schema: { params: FormParams, querystring: NoQuery }, bodyLimit: 60 * 1024 * 1024 }, async (req) => {
    const user = signedIn(req);
    const [upload] = await readUploads(req, 'import', 50 * 1024 * 1024);
    const head = await headOf(upload!.bytes);
    const data = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      const fields = viewer.fields.filter((f) => IMPORTABLE.includes(f.type));
      const sheet = shapePreview(head, fields);
      const file = await trx
        .insertInto('forms_file')
        .values({ space_id: form.spaceId, name: upload!.name, mime: upload!.mime, size: upload!.bytes.length, sha256: sha256(upload!.bytes), content: upload!.bytes, purpose: 'import', uploaded_by: user.userId })
        .returning(['id', 'name', 'size', 'mime'])
        .executeTakeFirstOrThrow();
      return { file: fileRef(file), ...sheet, fields, mapping: suggestMapping(sheet.header, fields) };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Step 1b: the same preview of the uploaded file for another sheet or header row (the mapping step's choice). */
  app.get('/api/forms/forms/:formId/imports/files/:fileId/preview', { config: { access }, schema: { params: ImportFileParams, querystring: PreviewQuery } }, async (req) => {
    const user = signedIn(req);
    const choice = choiceOf(req.query);
    const data = await kernel.transact(req, async (trx) => {
      const { viewer } = await loadForm(trx, req, req.params.formId);
      const file = await importFileOf(trx, req.params.fileId, user.userId);
      const fields = viewer.fields.filter((f) => IMPORTABLE.includes(f.type));
      const sheet = shapePreview(await headOf(file.content, choice), fields, choice.headerRow);
      return { ...sheet, fields, mapping: suggestMapping(sheet.header, fields) };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Step 2: start the import with a column → field mapping; the job runs in the background. */
  app.post('/api/forms/forms/:formId/imports', { config: { access, action: 'forms.import.start' }, schema: { params: FormParams, body: ImportBody } }, async (req) => {
    const user = signedIn(req);
    const job = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      const entries = Object.entries(req.body.mapping);
      if (entries.length === 0) throw fail.unprocessable('forms.import.mappingEmpty');
      for (const [column, key] of entries) {
        const field = viewer.fields.find((f) => f.key === key);
        if (!field || !IMPORTABLE.includes(field.type)) throw fail.unprocessable('forms.import.mappingField', { column: Number(column) + 1, field: key });
      }
      if (new Set(entries.map(([, key]) => key)).size !== entries.length) throw fail.unprocessable('forms.import.mappingTwice');
      const file = await importFileOf(trx, req.body.fileId, user.userId);
      // The sheet and header row resolve as the preview did (detected when not chosen), once, for the job to keep.
      const choice = { sheet: req.body.sheet, headerRow: req.body.headerRow };
      const sheet = shapePreview(await headOf(file.content, choice, false), viewer.fields.filter((f) => IMPORTABLE.includes(f.type)), choice.headerRow);
      const params = { mapping: req.body.mapping, lang: req.ctx.language, sheet: sheet.sheet, headerRow: sheet.headerRow, skipHidden: req.body.hiddenRows === 'skip' };
      const created = await trx
        .insertInto('forms_job')
        .values({ space_id: form.spaceId, form_id: form.id, user_id: user.userId, kind: 'import', file_id: file.id, params: JSON.stringify(params), system_name: form.systemName, app_name: form.appName })
        .returning(jobColumns)
        .executeTakeFirstOrThrow();
      await enqueueFormsJob(kernel, trx, created);
      req.ctx.auditTarget = `${form.id}/${created.id}`;
      return created;
    });
    return { code: 200, msg: 'ok', data: job };
  });

  app.post('/api/forms/forms/:formId/exports', { config: { access, action: 'forms.export.start' }, schema: { params: FormParams, body: ExportBody } }, async (req) => {
    const user = signedIn(req);
    const job = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      // The space's data-sharing policy (decision 0046): refused, no job is queued.
      await kernel.sharing.require(trx, viewer, 'export');
      checkFilter(viewer, req.body.filter, req.body.columns);
      const created = await trx
        .insertInto('forms_job')
        .values({
          space_id: form.spaceId, form_id: form.id, user_id: user.userId, kind: 'export', system_name: form.systemName, app_name: form.appName,
          output_name: `${form.name}-${stamp(new Date())}.${req.body.format}`,
          params: JSON.stringify({ format: req.body.format, filter: req.body.filter, columns: req.body.columns, lang: req.ctx.language }),
        })
        .returning(jobColumns)
        .executeTakeFirstOrThrow();
      await enqueueFormsJob(kernel, trx, created);
      req.ctx.auditTarget = `${form.id}/${created.id}`;
      return created;
    });
    return { code: 200, msg: 'ok', data: job };
  });

  app.get('/api/forms/jobs/:jobId', { config: { access }, schema: { params: JobParams, querystring: NoQuery } }, async (req) => {
    const { user_id: _user, params: _params, ...job } = await ownJob(kernel, req, req.params.jobId);
    return { code: 200, msg: 'ok', data: job };
  });

  /** A finished export, from PostgreSQL: any server process of the database answers it (decision 0109). */
  app.get('/api/forms/jobs/:jobId/file', { config: { access }, schema: { params: JobParams, querystring: NoQuery } }, async (req, reply) => {
    let parts = 0;
    // An export made before the policy changed is not taken out after it (decision 0046).
    const job = await ownJob(kernel, req, req.params.jobId, async (trx) => {
      await kernel.sharing.require(trx, { userId: signedIn(req).userId, roles: req.ctx.roles }, 'export');
      parts = await storedParts(trx, req.params.jobId);
    });
    // No parts: still preparing, failed, or past the history's days (pruned), or finished before exports were stored.
    if (job.kind !== 'export' || job.status !== 'complete' || parts === 0) throw fail.conflict('forms.job.notReady');
    if (job.fileSize !== null) reply.header('content-length', job.fileSize);
    return reply
      .header('content-type', job.params.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(job.fileName ?? 'export')}`)
      .send(exportStream(kernel.db, currentSpace(req).id, String(job.id), parts));
  });

  /** §3/§4 export history: the last 3 days, only the latest export per application. */
  app.get('/api/forms/exports/history', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const user = signedIn(req);
    const history = await kernel.transact(req, async (trx) =>
      (
        await sql<Record<string, unknown>>`
          select * from (
            select distinct on (f.app_id) j.id, j.form_id as "formId", f.app_id as "appId", j.status, j.output_name as "fileName", j.output_size as "fileSize",
              j.system_name as "systemName", j.app_name as "appName", j.total, j.error_key as "errorKey", j.error_params as "errorParams", j.created_at as "createdAt", j.finished_at as "finishedAt"
            from forms_job j join forms_form f on f.space_id = j.space_id and f.id = j.form_id
            where j.kind = 'export' and j.user_id = ${user.userId}::bigint and j.created_at > now() - make_interval(days => ${EXPORT_HISTORY_DAYS})
            order by f.app_id, j.created_at desc, j.id desc) latest
          order by "createdAt" desc`.execute(trx)
      ).rows,
    );
    return { code: 200, msg: 'ok', data: { history } };
  });
}
