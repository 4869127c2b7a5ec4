import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FieldDef, FileRef } from '../../../shared/forms/fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { signedIn } from '../../kernel/http/context.ts';
import { accessPredicate } from './access.ts';
import { AppError } from '../../kernel/errors.ts';
import { loadForm } from './context.ts';
import { or, type Sql } from './filter-sql.ts';

/** The record a writer edits or discusses, with the fields they may see in it. */
export interface RecordInView {
  formId: string;
  table: string;
  recordId: string;
  fields: readonly FieldDef[];
}

/**
 * Files a writer may put on a record: those they uploaded, and those the record already shows them (a record
 * edited by someone else keeps its attachments). A file of a field hidden from them is not theirs to move into a
 * field or discussion they see; anything else would be a way to read another member's upload.
 */
export async function usableFiles(trx: Trx, userId: string, ids: string[], record: RecordInView | null): Promise<string[]> {
  if (ids.length === 0) return [];
  const own = await trx.selectFrom('forms_file').select('id').where('id', 'in', ids).where('purpose', '!=', 'import').where('uploaded_by', '=', userId).execute();
  const usable = own.map((r) => r.id);
  const rest = ids.filter((id) => !usable.includes(id));
  if (!record || rest.length === 0) return usable;
  const shown = await sql<{ id: string }>`
    select f.id from forms_file f
    where f.id = any(${rest}::bigint[]) and f.purpose <> 'import'
      and exists (select 1 from ${sql.table(record.table)} t where t.id = ${record.recordId}::bigint and ${shownIn(record.fields, record.formId, sql`f.id::text`)})`.execute(trx);
  return [...usable, ...shown.rows.map((r) => r.id)];
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

/**
 * Where a record (alias `t`) shows a file to a viewer: the attachment and image fields they may see, and the
 * record's discussion (readable by whoever sees the record). A field a rule hides from them is not a way to it.
 */
function shownIn(fields: readonly FieldDef[], formId: string, fileId: Sql): Sql {
  const wanted = sql`jsonb_build_array(jsonb_build_object('fileId', ${fileId}))`;
  const held = fields.filter((f) => f.type === 'attachment' || f.type === 'image').map((f) => sql`${sql.ref(`t.${f.key}`)} @> ${wanted}`);
  const discussion = sql`exists (select 1 from forms_comment c where c.form_id = ${formId}::bigint and c.record_id = t.id and c.attachments @> ${wanted})`;
  return or([...held, discussion]);
}

/**
 * A file is readable by its uploader, and by anyone who may see a live record that shows it to them:
 * seeing the record is not enough when the field holding the file is hidden from them (shownIn).
 */
export async function mayReadFile(trx: Trx, req: FastifyRequest, file: { id: string; uploaded_by: string }): Promise<boolean> {
  if (file.uploaded_by === signedIn(req).userId) return true;
  const refs = await trx.selectFrom('forms_file_ref').select(['form_id', 'record_id']).where('file_id', '=', file.id).limit(20).execute();
  for (const ref of refs) {
    try {
      const { form, viewer } = await loadForm(trx, req, ref.form_id);
      const seen = await sql`select 1 from ${sql.table(form.table)} t
        where t.id = ${ref.record_id}::bigint and t.deleted_at is null and ${accessPredicate(form, viewer, 'view')} and ${shownIn(viewer.fields, form.id, sql`${file.id}::text`)}`.execute(trx);
      if (seen.rows.length) return true;
    } catch (error) {
      // a form the reader may not open (app hidden from their roles, not published): not a way in
      if (!(error instanceof AppError)) throw error;
    }
  }
  return false;
}

/**
 * Whether serving a file takes it out of the platform, which the space's data-sharing policy governs (decision
 * 0046): an attachment of a record or its discussion, not the reader's own upload (they brought it in) and not an
 * image, which the record page shows to whoever may see the record as it shows its text.
 */
export function isDownload(file: { purpose: string; uploaded_by: string }, readerId: string): boolean {
  return file.purpose !== 'image' && file.uploaded_by !== readerId;
}
