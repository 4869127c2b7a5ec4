import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FileRef } from '../../../shared/forms/fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { signedIn } from '../../kernel/http/context.ts';
import { accessPredicate } from './access.ts';
import { loadForm } from './context.ts';

/**
 * Files a writer may put on a record: those they uploaded, and those the record already uses (a record edited by
 * someone else keeps its attachments). Anything else would be a way to read another member's upload.
 */
export async function usableFiles(trx: Trx, userId: string, ids: string[], record: { formId: string; recordId: string } | null): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('forms_file as f')
    .select('f.id')
    .where('f.id', 'in', ids)
    .where('f.purpose', '!=', 'import')
    .where((eb) =>
      eb.or([
        eb('f.uploaded_by', '=', userId),
        ...(record
          ? [eb.exists(eb.selectFrom('forms_file_ref as r').select('r.file_id').whereRef('r.file_id', '=', 'f.id').where('r.form_id', '=', record.formId).where('r.record_id', '=', record.recordId))]
          : []),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Remembers that a record (or its discussion) uses these files. */
export async function referenceFiles(trx: Trx, spaceId: string, formId: string, recordId: string, files: FileRef[]): Promise<void> {
  if (files.length === 0) return;
  await trx
    .insertInto('forms_file_ref')
    .values([...new Set(files.map((f) => f.fileId))].map((fileId) => ({ space_id: spaceId, file_id: fileId, form_id: formId, record_id: recordId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A file is readable by its uploader and by anyone who may see a live record that uses it. */
export async function mayReadFile(trx: Trx, req: FastifyRequest, file: { id: string; uploaded_by: string }): Promise<boolean> {
  if (file.uploaded_by === signedIn(req).userId) return true;
  const refs = await trx.selectFrom('forms_file_ref').select(['form_id', 'record_id']).where('file_id', '=', file.id).limit(20).execute();
  for (const ref of refs) {
    try {
      const { form, viewer } = await loadForm(trx, req, ref.form_id);
      const seen = await sql`select 1 from ${sql.table(form.table)} t where t.id = ${ref.record_id}::bigint and t.deleted_at is null and ${accessPredicate(form, viewer, 'view')}`.execute(trx);
      if (seen.rows.length) return true;
    } catch {
      // a form the reader may not open (app hidden from their roles, not published): not a way in
    }
  }
  return false;
}
