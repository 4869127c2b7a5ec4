import { sql } from 'kysely';
import QRCode from 'qrcode';
import { FormParams, QrBody } from '../../../shared/api/forms.ts';
import { QR_FIELDS_MAX } from '../../../shared/constants.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { accessPredicate } from './access.ts';
import { loadForm } from './context.ts';
import { and } from './filter-sql.ts';
import { labelsFor, readerOf } from './labels.ts';
import { SYSTEM_SELECT, storedFields, toApiRecord, type RecordRow } from './storage.ts';

const access = { permission: 'forms.records' } as const;

/** The text a QR label shows for a value: names for people, departments and related records; lists joined. */
function shown(value: unknown, key: string, type: string, labels: Awaited<ReturnType<typeof labelsFor>>): string {
  if (value === null || value === undefined) return '';
  if (type === 'member') return labels.users[String(value)] ?? String(value);
  if (type === 'department') return labels.departments[String(value)] ?? String(value);
  if (type === 'relation') return labels.relations[key]?.[String(value)] ?? String(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v && 'name' in v ? String(v.name) : String(v))).join(', ');
  return String(value);
}

/**
 * §2.8 QR code batch generation: for the chosen records the caller may see, a QR code opening the record's
 * detail page and up to three identification fields (§9). Records the caller may not see are left out.
 */
export function registerQrRoutes(app: App, kernel: Kernel): void {
  app.post('/api/forms/forms/:formId/qrcodes', { config: { access }, schema: { params: FormParams, body: QrBody } }, async (req) => {
    if (req.body.fields.length > QR_FIELDS_MAX) throw fail.unprocessable('forms.qr.tooManyFields', { max: QR_FIELDS_MAX });
    const origin = kernel.config.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const data = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      const fields = req.body.fields.map((key) => {
        const field = viewer.fields.find((f) => f.key === key);
        if (!field) throw fail.unprocessable('forms.filter.unknownField', { field: key });
        return field;
      });
      const columns = storedFields(fields).map((f) => sql.ref(`t.${f.key}`));
      const rows = await sql<RecordRow>`select ${columns.length ? sql`${SYSTEM_SELECT}, ${sql.join(columns)}` : SYSTEM_SELECT}
        from ${sql.table(form.table)} t
        where ${and([sql`t.id = any(${req.body.ids}::bigint[])`, sql`t.deleted_at is null`, accessPredicate(form, viewer, 'view')])} order by t.id`.execute(trx);
      const records = rows.rows.map((row) => toApiRecord(row, fields));
      const labels = await labelsFor(trx, readerOf(form, viewer), fields, records);
      const codes = await Promise.all(
        records.map(async (record) => {
          const url = `${origin}/space-${form.spaceId}/${form.appId}/detail/${form.id}?id=${record.id}`;
          return {
            id: record.id,
            url,
            svg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
            lines: fields.map((f) => ({ label: f.label, value: shown(record.values[f.key], f.key, f.type, labels) })),
          };
        }),
      );
      return { codes, missing: req.body.ids.length - codes.length };
    });
    return { code: 200, msg: 'ok', data };
  });
}
