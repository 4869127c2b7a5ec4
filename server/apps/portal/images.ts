import { sql, type SqlBool } from 'kysely';
import type sharpModule from 'sharp';
import type { Metadata } from 'sharp';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { ImageKindQuery, PORTAL_API, type PortalImage } from '../../../shared/api/portal.ts';
import { IMAGE_RULES, SAFE_IMAGE_NAME, type ImageKind } from '../../../shared/portal/model.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { inScope } from './store.ts';
import './tables.ts';

/** sharp is loaded with the first image, not at start (as forms and the logo do). */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((module) => module.default));

/** No rule allows more than a 2 MB picture; anything claiming more pixels than this is refused before decoding. */
const MAX_PIXELS = 25_000_000;
const MIME = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;
/** The §5 rules name types as a user does (jpg); sharp names formats by what the bytes are. */
const TYPE_NAME: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };

export const imageUrl = (id: string) => `${PORTAL_API}/images/${id}`;

/**
 * An upload checked against its kind's §5 rule by its CONTENT (sharp reads the real format and size; the name and
 * the browser's type are not trusted), then re-encoded in its own format without metadata (EXIF, GPS, comments).
 */
async function checkedImage(kind: ImageKind, bytes: Buffer): Promise<{ bytes: Buffer; mime: string; width: number; height: number }> {
  const rule = IMAGE_RULES[kind];
  const sharp = await sharpLib();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw fail.unprocessable('portal.image.unreadable');
  }
  const type = meta.format ? TYPE_NAME[meta.format] : undefined;
  if (!type || !(rule.types as readonly string[]).includes(type)) throw fail.unprocessable('portal.image.badType', { types: rule.types.join(', ').toUpperCase() });
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if ('square' in rule) {
    if (width !== height || width < rule.minWidth) throw fail.unprocessable('portal.image.badSquare', { min: rule.minWidth, width, height });
  } else if (width !== rule.width || height !== rule.height) {
    throw fail.unprocessable('portal.image.badSize', { width: rule.width, height: rule.height, actualWidth: width, actualHeight: height });
  }
  const animated = (meta.pages ?? 1) > 1;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated }).autoOrient();
    const output = type === 'jpg' ? await image.jpeg({ quality: 90 }).toBuffer() : type === 'png' ? await image.png().toBuffer() : await image.gif().toBuffer();
    return { bytes: output, mime: MIME[meta.format as keyof typeof MIME], width, height };
  } catch {
    throw fail.unprocessable('portal.image.unreadable');
  }
}

/** Portal pictures (§5, §9): uploaded by managers per kind, shown to members who may see a portal naming them. */
export function registerImageRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'portal.manage' } as const;
  const view = { permission: 'portal.view' } as const;
  const maxBytes = Math.max(...Object.values(IMAGE_RULES).map((r) => r.maxBytes));

  app.post(`${PORTAL_API}/images`, { config: { access: manage, action: 'portal.image.upload' }, schema: { querystring: ImageKindQuery }, bodyLimit: maxBytes + 65536 }, async (req, reply) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    const kind = req.query.kind;
    const rule = IMAGE_RULES[kind];
    if (!req.isMultipart()) throw fail.unprocessable('portal.image.none');
    let name: string;
    let bytes: Buffer;
    try {
      const part = await req.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
      if (!part) throw fail.unprocessable('portal.image.none');
      name = part.filename.trim();
      // §5: a name without special characters; refused rather than renamed, so the user recognises his file.
      if (!SAFE_IMAGE_NAME.test(name)) throw fail.unprocessable('portal.image.badName');
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail.unprocessable('portal.image.tooLarge', { max: `${Math.round(rule.maxBytes / 1024)} KB` });
      throw error;
    }
    if (bytes.length > rule.maxBytes) throw fail.unprocessable('portal.image.tooLarge', { max: `${Math.round(rule.maxBytes / 1024)} KB` });
    const image = await checkedImage(kind, bytes);
    const row = await kernel.transact(req, (trx) =>
      trx
        .insertInto('portal_image')
        .values({ space_id: space.id, kind, name, mime: image.mime, width: image.width, height: image.height, size: image.bytes.length, content: image.bytes, created_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    req.ctx.auditTarget = String(row.id);
    const answer: PortalImage = { id: String(row.id), url: imageUrl(String(row.id)), width: image.width, height: image.height };
    return reply.code(201).send({ code: 201, msg: 'ok', data: answer });
  });

  app.get(`${PORTAL_API}/images/:id`, { config: { access: view }, schema: { params: IdParam, querystring: NoQuery } }, async (req, reply) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    const manager = kernel.rolePermissions.holds('portal.manage', req.ctx.roles, req.ctx.delegated);
    const image = await kernel.transact(req, async (trx) => {
      // Row-level security keeps it to this space; a member sees it only through a portal in his scope.
      const groups = manager ? null : await kernel.directory.people.roleGroupsOf(trx, space.id, userId);
      let query = trx.selectFrom('portal_image as i').select(['i.mime', 'i.content']).where('i.id', '=', req.params.id);
      const shown = sql<SqlBool>`exists (select 1 from portal p where p.images @> array[${req.params.id}::bigint] and ${inScope(groups)})`;
      if (groups) query = query.where(shown);
      return query.executeTakeFirst();
    });
    if (!image) throw fail.notFound('portal.image.notFound');
    return reply
      .header('content-type', image.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=86400')
      .send(image.content);
  });
}
