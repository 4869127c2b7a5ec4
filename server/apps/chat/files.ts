import { Type } from '@sinclair/typebox';
import { Lang, NoQuery, Strict } from '../../../shared/api/common.ts';
import { ChatFileParams, ChatParams } from '../../../shared/api/chat.ts';
import { CHAT_LIMITS } from '../../../shared/chat/chat.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
// The forms engine's upload checks (type by content, size, image bounds and re-encoding): the same rules, one code.
import { readUploads, sha256 } from '../../kernel/uploads.ts';
import { postMessage } from './messages.ts';
import { CHAT_ACCESS, ownConversation, requireChat } from './store.ts';

const UploadQuery = Strict({ kind: Type.Union([Type.Literal('image'), Type.Literal('file')]), lang: Lang });

/** Images and files sent in a chat: each upload becomes one message; only the conversation's members read it. */
export function registerChatFileRoutes(app: App, kernel: Kernel): void {
  app.post(
    '/api/chat/conversations/:id/files',
    { config: { access: CHAT_ACCESS, action: 'chat.file.send' }, schema: { params: ChatParams, querystring: UploadQuery }, bodyLimit: 5 * CHAT_LIMITS.fileSizeMax + 65536 },
    async (req) => {
      const user = signedIn(req);
      const space = currentSpace(req);
      if (!req.isMultipart()) throw fail.unprocessable('forms.file.none');
      const kind = req.query.kind;
      // Read (and checked) before the transaction: a slow upload must not hold a database connection.
      const uploads = await readUploads(req, kind === 'image' ? 'image' : 'attachment', CHAT_LIMITS.fileSizeMax);
      req.ctx.auditTarget = req.params.id;
      const messages = await kernel.transact(req, async (trx) => {
        await requireChat(kernel, trx);
        await ownConversation(trx, req.params.id, user.userId);
        const sent = [];
        for (const upload of uploads) {
          const file = await trx
            .insertInto('chat_file')
            .values({ space_id: space.id, conversation_id: req.params.id, name: upload.name, mime: upload.mime, size: upload.bytes.length, sha256: sha256(upload.bytes), content: upload.bytes, uploaded_by: user.userId })
            .returning('id')
            .executeTakeFirstOrThrow();
          const shownAs = upload.mime.startsWith('image/') ? 'image' : 'file';
          sent.push(await postMessage(kernel, trx, space.id, { conversationId: req.params.id, senderId: user.userId, kind: shownAs, body: upload.name, fileId: String(file.id) }));
        }
        return sent;
      });
      return { code: 200, msg: 'ok', data: { messages } };
    },
  );

  app.get('/api/chat/conversations/:id/files/:fileId', { config: { access: CHAT_ACCESS }, schema: { params: ChatFileParams, querystring: NoQuery } }, async (req, reply) => {
    const user = signedIn(req);
    const file = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      // Someone who left still sees the images of the history they keep, and no file sent after they left.
      const { left_id: upTo } = await ownConversation(trx, req.params.id, user.userId, { former: true });
      let query = trx
        .selectFrom('chat_file as f')
        .select(['f.name', 'f.mime', 'f.content', 'f.uploaded_by'])
        .where('f.id', '=', req.params.fileId)
        .where('f.conversation_id', '=', req.params.id);
      if (upTo) {
        const before = trx.selectFrom('chat_message as m').select('m.file_id').where('m.conversation_id', '=', req.params.id).where('m.id', '<=', upTo).where('m.file_id', 'is not', null);
        query = query.where('f.id', 'in', before);
      }
      const found = await query.executeTakeFirst();
      // Taking someone else's file out is the space's data-sharing policy's to allow (decision 0046); images show inline.
      if (found && !found.mime.startsWith('image/') && String(found.uploaded_by) !== user.userId) {
        await kernel.sharing.require(trx, { userId: user.userId, roles: req.ctx.roles }, 'download');
      }
      return found;
    });
    if (!file) throw fail.notFound('chat.fileNotFound');
    const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.content);
  });
}
