import { Type } from '@sinclair/typebox';
import { Lang, NoQuery, Strict } from '../../../shared/api/common.ts';
import { CommentBody, Id, RecordParams } from '../../../shared/api/forms.ts';
import { FORM_LIMITS } from '../../../shared/forms/fields.ts';
import { UNSAFE_FILE_NAME, shownFileName } from '../../../shared/forms/validate-values.ts';
import { holdsBusinessRole } from '../../../shared/permissions.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { assertWithinQuota } from '../../kernel/providers.ts';
import { loadForm } from './context.ts';
import { isDownload, mayReadFile, referenceFiles, usableFiles } from './file-access.ts';
import { fileRef, readUploads, sha256, type FilePurpose } from './files.ts';
import { getRecord } from './records.ts';
import { storedBytes } from './usage.ts';

const access = { permission: 'forms.records' } as const;
const UploadQuery = Strict({ purpose: Type.Union([Type.Literal('attachment'), Type.Literal('image'), Type.Literal('import')]), lang: Lang });
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Uploads (attachments, images, import sheets), the space's people for member pickers, and record discussion. */
export function registerFileRoutes(app: App, kernel: Kernel): void {
  app.post('/api/forms/files', { config: { access, action: 'forms.file.upload' }, schema: { querystring: UploadQuery }, bodyLimit: 5 * IMPORT_MAX_BYTES + 65536 }, async (req) => {
    const space = currentSpace(req);
    const user = signedIn(req);
    const purpose = req.query.purpose as FilePurpose;
    if (!req.isMultipart()) throw fail.unprocessable('forms.file.none');
    // Separation of duties (decision 0026): safe and audit store no business files unless an app names their role.
    if (!holdsBusinessRole(req.ctx.roles) && !(await kernel.transact(req, (trx) => kernel.apps.usesSome(trx, req)))) throw fail.forbidden('forms.file.dutyRole');
    // Root's upload limit (`/root/systemConfig`) bounds every file below the forms' own ceiling.
    const uploads = await readUploads(req, purpose, Math.min(purpose === 'import' ? IMPORT_MAX_BYTES : FORM_LIMITS.fileSizeMax, kernel.platform.uploadMaxBytes));
    const files = await kernel.transact(req, async (trx) => {
      // The space's storage quota: the whole upload or nothing.
      await assertWithinQuota(trx, space.id, 'storage', (await storedBytes(trx)) + uploads.reduce((sum, u) => sum + u.bytes.length, 0));
      return trx
        .insertInto('forms_file')
        .values(uploads.map((u) => ({ space_id: space.id, name: u.name, mime: u.mime, size: u.bytes.length, sha256: sha256(u.bytes), content: u.bytes, purpose, uploaded_by: user.userId })))
        .returning(['id', 'name', 'size', 'mime'])
        .execute();
    });
    req.ctx.auditTarget = files.map((f) => f.id).join(',');
    return { code: 200, msg: 'ok', data: { files: files.map(fileRef) } };
  });

  app.get('/api/forms/files/:id', { config: { access }, schema: { params: Strict({ id: Id }), querystring: NoQuery } }, async (req, reply) => {
    currentSpace(req);
    const reader = { userId: signedIn(req).userId, roles: req.ctx.roles };
    const file = await kernel.transact(req, async (trx) => {
      const found = await trx.selectFrom('forms_file').select(['id', 'name', 'mime', 'content', 'purpose', 'uploaded_by']).where('id', '=', req.params.id).executeTakeFirst();
      if (!found || !(await mayReadFile(trx, req, found))) return null;
      // Readable, but a download is the space's data-sharing policy's to allow (decision 0046): refused, a 403.
      if (isDownload(found, reader.userId)) await kernel.sharing.require(trx, reader, 'download');
      return found;
    });
    if (!file) throw fail.notFound('forms.file.notFound');
    // Images show inline; everything else downloads. nosniff: the browser uses our checked type, not a guess.
    const disposition = file.purpose === 'image' ? 'inline' : 'attachment';
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.content);
  });

  /** Members and departments of the space, for member and department fields and the share/transfer pickers. */
  app.get('/api/forms/directory', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const data = await kernel.transact(req, async (trx) => ({
      users: await trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.name', 'u.login_id as loginId'])
        .where('m.space_id', '=', space.id)
        .where('u.status', '=', 'active')
        .orderBy('u.name')
        .execute(),
      departments: await trx.selectFrom('org_department').select(['id', 'name', 'parent_id as parentId']).orderBy('sort').orderBy('id').execute(),
    }));
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/forms/forms/:formId/records/:id/comments', { config: { access }, schema: { params: RecordParams, querystring: NoQuery } }, async (req) => {
    const comments = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      await getRecord(trx, form, viewer, req.params.id);
      return trx
        .selectFrom('forms_comment as c')
        .innerJoin('users as u', 'u.id', 'c.author_id')
        .select(['c.id', 'c.author_id as authorId', 'u.name as authorName', 'c.content', 'c.attachments', 'c.created_at as createdAt'])
        .where('c.form_id', '=', req.params.formId)
        .where('c.record_id', '=', req.params.id)
        .orderBy('c.id')
        .execute();
    });
    return { code: 200, msg: 'ok', data: { comments } };
  });

  /** §5: discussion content cannot be empty; an attachment's file name cannot be empty. */
  app.post('/api/forms/forms/:formId/records/:id/comments', { config: { access, action: 'forms.comment.create' }, schema: { params: RecordParams, body: CommentBody } }, async (req) => {
    const content = req.body.content.trim();
    if (!content) throw fail.unprocessable('forms.comment.empty', {}, { errors: [{ field: 'content', key: 'forms.comment.empty' }] });
    const attachments = req.body.attachments ?? [];
    if (attachments.some((a) => !a.name.trim())) throw fail.unprocessable('forms.validation.fileName', {}, { errors: [{ field: 'attachments', key: 'forms.validation.fileName' }] });
    const unsafe = attachments.find((a) => UNSAFE_FILE_NAME.test(a.name));
    if (unsafe) throw fail.unprocessable('forms.file.badName', { name: shownFileName(unsafe.name) }, { errors: [{ field: 'attachments', key: 'forms.file.badName' }] });
    req.ctx.auditTarget = `${req.params.formId}/${req.params.id}`;
    const comment = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      await getRecord(trx, form, viewer, req.params.id);
      const ids = [...new Set(attachments.map((a) => a.fileId))];
      const usable = await usableFiles(trx, viewer.userId, ids, { formId: form.id, table: form.table, recordId: req.params.id, fields: viewer.fields });
      if (usable.length !== ids.length) throw fail.unprocessable('forms.file.notFound');
      await referenceFiles(trx, form.spaceId, form.id, req.params.id, attachments);
      return trx
        .insertInto('forms_comment')
        .values({ space_id: form.spaceId, form_id: form.id, record_id: req.params.id, author_id: viewer.userId, content, attachments: JSON.stringify(attachments) })
        .returning(['id', 'content', 'attachments', 'created_at as createdAt'])
        .executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: comment };
  });
}
