import type { FastifyRequest } from 'fastify';
import { NoQuery } from '../../../shared/api/common.ts';
import {
  CreateRecordBody, DistinctQuery, FormParams, IdsBody, ListQuery, RecordParams, ShareBody, ShareParams, TransferBody, UpdateRecordBody,
} from '../../../shared/api/forms.ts';
import { PAGE_SIZE_MAX } from '../../../shared/constants.ts';
import type { FilterGroup } from '../../../shared/forms/filters.ts';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { APP_ROLE, inSpace, type Db, type Trx } from '../../kernel/db/pool.ts';
import type { Database } from '../../kernel/db/schema.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { memberWriter, writeRecords, type RecordOp } from './write.ts';
import { monitors } from './access.ts';
import { loadForm, type FormMeta, type Viewer } from './context.ts';
import { countRecords, distinctValues, listRecords } from './list.ts';
import { labelsFor, readerOf } from './labels.ts';
import * as records from './records.ts';

const access = { permission: 'forms.records' } as const;

/** A filter arrives as JSON text in the query string; anything but a filter group is a 422. */
export function parseFilter(text: string | undefined): FilterGroup | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const parsed = JSON.parse(text) as FilterGroup;
    if (parsed && typeof parsed === 'object' && Array.isArray(parsed.items)) return parsed;
  } catch {
    // the 422 below
  }
  throw fail.unprocessable('forms.filter.malformed');
}

/** Every record call: one transaction in the request's space, the form and viewer loaded first. */
function withForm<T>(kernel: Kernel, req: FastifyRequest, formId: string, work: (trx: Trx, form: FormMeta, viewer: Viewer) => Promise<T>) {
  return kernel.transact(req, async (trx) => {
    const { form, viewer } = await loadForm(trx, req, formId);
    return work(trx, form, viewer);
  });
}

/**
 * A small pool of its own for counts that run beside a list's transaction: taking a second connection from the
 * request pool while holding one could wait forever once every connection is held by such a list.
 */
function countPool(kernel: Kernel, app: App): Db {
  const pool = new pg.Pool({ connectionString: kernel.databases.url, max: 2, options: `-c role=${APP_ROLE}` });
  pool.on('error', () => undefined); // an idle connection dropped by the server is replaced on demand
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  app.addHook('onClose', async () => db.destroy());
  return db;
}

/**
 * A member's record change through the one write path (write.ts), which also logs each record it changes: the
 * request's own entry is then not written again (a refusal is still logged by the request, as every refusal is).
 */
async function write(kernel: Kernel, req: FastifyRequest, trx: Trx, form: FormMeta, viewer: Viewer, ops: RecordOp[]) {
  const outcomes = await writeRecords(kernel, trx, form, memberWriter(viewer, { ip: req.ctx.ip, tokenId: req.ctx.principal?.tokenId }), ops);
  req.ctx.audited = true;
  return outcomes;
}

export function registerRecordRoutes(app: App, kernel: Kernel): void {
  const counts = countPool(kernel, app);
  /** What the record pages need of a form: the fields the caller may see and what the caller may do. */
  app.get('/api/forms/forms/:formId', { config: { access }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const data = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) => ({
      id: form.id,
      name: form.name,
      appId: form.appId,
      appName: form.appName,
      systemName: form.systemName,
      version: form.version,
      fields: viewer.fields,
      // What the space's data-sharing policy lets this viewer take out (decision 0046), for the pages to offer.
      can: { design: viewer.isAdmin, monitor: monitors(viewer), ...(await kernel.sharing.allowed(trx, viewer)) },
    }));
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/forms/forms/:formId/records', { config: { access }, schema: { params: FormParams, querystring: ListQuery } }, async (req) => {
    const q = req.query;
    const [field, dir] = q.sort ? (q.sort.split(':') as [string, 'asc' | 'desc']) : [];
    const data = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) => {
      const page = await listRecords(trx, form, viewer, {
        filter: parseFilter(q.filter),
        sort: field ? { field, dir: dir! } : undefined,
        columns: q.columns?.split(','),
        cursor: q.cursor,
        pageSize: Math.min(q.pageSize ?? 50, PAGE_SIZE_MAX),
        count: q.count,
        exactCount: q.exactCount,
        q: q.q,
      }, (table, where, budget, onEstimate) => inSpace(counts, form.spaceId, (other) => countRecords(other, table, where, budget, onEstimate)));
      const columns = q.columns?.split(',');
      const system = !columns || columns.some((c) => ['ownerId', 'createdBy', 'updatedBy', 'handlerId'].includes(c));
      return { ...page, labels: await labelsFor(trx, readerOf(form, viewer), viewer.fields.filter((f) => !columns || columns.includes(f.key)), page.records, { system }) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/forms/forms/:formId/distinct', { config: { access }, schema: { params: FormParams, querystring: DistinctQuery } }, async (req) => {
    const data = await withForm(kernel, req, req.params.formId, (trx, form, viewer) => distinctValues(trx, form, viewer, req.query.field, parseFilter(req.query.filter)));
    return { code: 200, msg: 'ok', data: { values: data } };
  });

  app.post('/api/forms/forms/:formId/records', { config: { access, action: 'forms.record.create' }, schema: { params: FormParams, body: CreateRecordBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/new`;
    const record = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) => (await write(kernel, req, trx, form, viewer, [{ op: 'create', values: req.body.values }]))[0]!.record);
    return { code: 200, msg: 'ok', data: record };
  });

  app.get('/api/forms/forms/:formId/records/:id', { config: { access }, schema: { params: RecordParams, querystring: NoQuery } }, async (req) => {
    const data = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) => {
      const found = await records.getRecord(trx, form, viewer, req.params.id);
      await kernel.recordVisits.note(trx, { spaceId: form.spaceId, userId: viewer.userId, formId: form.id, recordId: found.record.id }, 'viewed');
      const can = { ...found.can, share: found.can.share && (await kernel.sharing.allowed(trx, viewer)).share };
      return { ...found, can, labels: await labelsFor(trx, readerOf(form, viewer), viewer.fields, [found.record]) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.put('/api/forms/forms/:formId/records/:id', { config: { access, action: 'forms.record.update' }, schema: { params: RecordParams, body: UpdateRecordBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    const record = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) =>
      (await write(kernel, req, trx, form, viewer, [{ op: 'update', id: req.params.id, values: req.body.values, rowVersion: req.body.rowVersion }]))[0]!.record,
    );
    return { code: 200, msg: 'ok', data: record };
  });

  app.post('/api/forms/forms/:formId/records/delete', { config: { access, action: 'forms.record.delete' }, schema: { params: FormParams, body: IdsBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.body.ids.join(',')}`.slice(0, 400);
    const deleted = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) =>
      (await write(kernel, req, trx, form, viewer, [...new Set(req.body.ids)].map((id) => ({ op: 'delete' as const, id })))).length,
    );
    return { code: 200, msg: 'ok', data: { deleted } };
  });

  app.get('/api/forms/forms/:formId/recycle', { config: { access }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const data = await withForm(kernel, req, req.params.formId, async (trx, form, viewer) => {
      const recycled = await records.recycledRecords(trx, form, viewer, 500);
      return { records: recycled, labels: await labelsFor(trx, readerOf(form, viewer), viewer.fields, recycled) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/forms/forms/:formId/recycle/:id/restore', { config: { access, action: 'forms.record.restore' }, schema: { params: RecordParams } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    await withForm(kernel, req, req.params.formId, (trx, form, viewer) => write(kernel, req, trx, form, viewer, [{ op: 'restore', id: req.params.id }]));
    return { code: 200, msg: 'ok', data: null };
  });

  app.delete('/api/forms/forms/:formId/recycle/:id', { config: { access, action: 'forms.record.purge' }, schema: { params: RecordParams, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    await withForm(kernel, req, req.params.formId, (trx, form, viewer) => records.purgeRecord(trx, form, viewer, req.params.id));
    return { code: 200, msg: 'ok', data: null };
  });

  app.get('/api/forms/forms/:formId/records/:id/shares', { config: { access }, schema: { params: RecordParams, querystring: NoQuery } }, async (req) => {
    const shares = await withForm(kernel, req, req.params.formId, (trx, form, viewer) => records.sharesOf(trx, form, viewer, req.params.id));
    return { code: 200, msg: 'ok', data: { shares } };
  });

  app.post('/api/forms/forms/:formId/records/:id/shares', { config: { access, action: 'forms.record.share' }, schema: { params: RecordParams, body: ShareBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    await withForm(kernel, req, req.params.formId, async (trx, form, viewer) => {
      // The space's data-sharing policy first (decision 0046); taking a share back is always allowed.
      await kernel.sharing.require(trx, viewer, 'share');
      return records.shareRecord(trx, form, viewer, req.params.id, req.body.userIds, req.body.level);
    });
    return { code: 200, msg: 'ok', data: null };
  });

  app.delete('/api/forms/forms/:formId/records/:id/shares/:userId', { config: { access, action: 'forms.record.unshare' }, schema: { params: ShareParams, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    await withForm(kernel, req, req.params.formId, (trx, form, viewer) => records.unshareRecord(trx, form, viewer, req.params.id, req.params.userId));
    return { code: 200, msg: 'ok', data: null };
  });

  app.post('/api/forms/forms/:formId/records/:id/transfer', { config: { access, action: 'forms.record.transfer' }, schema: { params: RecordParams, body: TransferBody } }, async (req) => {
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    await withForm(kernel, req, req.params.formId, (trx, form, viewer) => records.transferRecord(trx, form, viewer, req.params.id, req.body.userId));
    return { code: 200, msg: 'ok', data: null };
  });
}
