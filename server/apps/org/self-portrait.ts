import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type sharpModule from 'sharp';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { PORTRAIT_LIMITS, PORTRAIT_MIMES, PortraitQuery, SELF_PORTRAIT_PATH, portraitPath } from '../../../shared/api/org-self.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { selfEditFields } from './elements.ts';

declare module '../../kernel/db/schema.ts' {
  interface Database {
    /** Org migration 0018. */
    org_member_portrait: { space_id: string; user_id: string; png: Buffer; updated_at: Date | string | undefined };
  }
}

/** sharp is loaded with the first portrait, not at start (as the logo and the forms app do). */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((module) => module.default));

const { maxBytes, maxCropBytes, minWidth, minHeight, crop: CROP, maxPixels } = PORTRAIT_LIMITS;

/** BMP is no format sharp reads: its size is in the header (BITMAPCOREHEADER: 16-bit, later ones: signed 32-bit). */
function bmpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 26) return null;
  const core = bytes.readUInt32LE(14) === 12;
  return core ? { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) } : { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

/**
 * The original as chosen (§5): JPG, GIF, PNG or BMP by its bytes — never by its name —, at least 340×260, and no
 * more pixels than we are willing to decode. JPEG, GIF and PNG are decoded once, bounded by `limitInputPixels`, so a
 * damaged file or one whose real inflated size exceeds its header's claim is refused; BMP is only read from its
 * header (sharp cannot decode it, and nothing from it is kept).
 */
async function checkOriginal(bytes: Buffer): Promise<void> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !(PORTRAIT_MIMES as readonly string[]).includes(mime)) throw fail.unprocessable('orgSelf.portrait.badType');
  const sharp = await sharpLib();
  let size: { width: number; height: number } | null = null;
  if (mime === 'image/bmp') size = bmpSize(bytes);
  else {
    try {
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      size = meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
    } catch {
      size = null;
    }
  }
  if (!size) throw fail.unprocessable('orgSelf.portrait.damaged');
  const { width, height } = size;
  if (width * height > maxPixels) throw fail.unprocessable('orgSelf.portrait.tooManyPixels', { width, height });
  if (width < minWidth || height < minHeight) throw fail.unprocessable('orgSelf.portrait.tooSmall', { width, height, minWidth, minHeight });
  if (mime === 'image/bmp') return;
  try {
    await sharp(bytes, { limitInputPixels: maxPixels, animated: false }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw fail.unprocessable('orgSelf.portrait.damaged');
  }
}

/** The square the browser cropped: a PNG of exactly 256×256, re-encoded here (metadata and extra chunks dropped). */
async function reencodedCrop(bytes: Buffer): Promise<Buffer> {
  const bad = () => fail.unprocessable('orgSelf.portrait.badCrop', { size: CROP });
  if (bytes.length > maxCropBytes || (await fileTypeFromBuffer(bytes))?.mime !== 'image/png') throw bad();
  const sharp = await sharpLib();
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== 'png' || meta.width !== CROP || meta.height !== CROP) throw bad();
    return await sharp(bytes, { limitInputPixels: CROP * CROP, animated: false }).png().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw bad();
  }
}

/** The two files of the upload, in order: the original, then the crop (renderer/kernel/upload.ts sends `files`). */
async function readTwoFiles(req: FastifyRequest): Promise<[Buffer, Buffer]> {
  if (!req.isMultipart()) throw fail.unprocessable('orgSelf.portrait.twoFiles');
  const files: Buffer[] = [];
  try {
    for await (const part of req.files({ limits: { files: 2, fileSize: maxBytes, fields: 0, parts: 2 } })) files.push(await part.toBuffer());
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail.unprocessable('orgSelf.portrait.tooLarge', { max: maxBytes / 1024 / 1024 });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw fail.unprocessable('orgSelf.portrait.twoFiles');
    throw error;
  }
  if (files.length !== 2) throw fail.unprocessable('orgSelf.portrait.twoFiles');
  return [files[0]!, files[1]!];
}

/** Only where the administrator lets members change their portrait (element/setting/member). */
async function refuseUnlessEditable(trx: Trx): Promise<void> {
  if (!(await selfEditFields(trx)).includes('portrait')) throw fail.unprocessable('orgSelf.notEditable', { field: 'orgSelf.portrait' }, { field: 'portrait' });
}

const versioned = (userId: string, at: Date | string | undefined) => `${portraitPath(userId)}?v=${new Date(at as Date).getTime()}`;

/**
 * A member's avatar (§3 portrait, §5 rules; decision 0062): he uploads the original and the square he
 * cropped; the server checks both by content and keeps only its own re-encoding of the square. Members of the same
 * space see it; anyone else gets 404 (row-level security: another space's row does not exist here). A member
 * without one answers 204 No Content.
 */
export function registerSelfPortraitRoutes(app: App, kernel: Kernel): void {
  const member = { permission: 'org.structure.read' } as const;

  app.put(SELF_PORTRAIT_PATH, { config: { access: member, action: 'org.self.portrait' }, schema: { querystring: NoQuery }, bodyLimit: maxBytes + maxCropBytes + 128 * 1024 }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const [original, cropped] = await readTwoFiles(req);
    await checkOriginal(original);
    const png = await reencodedCrop(cropped);
    const now = new Date(kernel.clock.now());
    await kernel.transact(req, async (trx) => {
      await refuseUnlessEditable(trx);
      await trx
        .insertInto('org_member_portrait')
        .values({ space_id: space.id, user_id: me.userId, png, updated_at: now })
        .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ png, updated_at: now }))
        .execute();
    });
    return { code: 200, msg: 'ok', data: { portrait: versioned(me.userId, now) } };
  });

  app.delete(SELF_PORTRAIT_PATH, { config: { access: member, action: 'org.self.portraitRemove' }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const me = signedIn(req);
    await kernel.transact(req, async (trx) => {
      await refuseUnlessEditable(trx);
      await trx.deleteFrom('org_member_portrait').where('user_id', '=', me.userId).execute();
    });
    return { code: 200, msg: 'ok', data: { portrait: null } };
  });

  app.get('/api/org/members/:id/portrait', { config: { access: member }, schema: { params: IdParam, querystring: PortraitQuery } }, async (req, reply) => {
    const space = currentSpace(req);
    const { row, isMember } = await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('org_member_portrait').select(['png', 'updated_at']).where('user_id', '=', req.params.id).executeTakeFirst();
      if (row) return { row, isMember: true };
      const membership = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', space.id).where('user_id', '=', req.params.id).executeTakeFirst();
      return { row: null, isMember: !!membership };
    });
    // A member who chose no portrait is the usual case, asked on every page load by the header: an empty answer
    // (the image fails, the initial shows) rather than a 404 each time in the console and the operation log. Only
    // an id that is no member here stays a 404, the refused read an auditor should see (decision 0114).
    if (!row && isMember) return reply.code(204).header('cache-control', 'private, no-cache').send();
    if (!row) throw fail.notFound('orgSelf.portrait.none');
    // With ?v=<change time> a new portrait is a new address, so the browser may keep it; without, it asks each time.
    const cache = req.query.v ? 'private, max-age=86400' : 'private, no-cache';
    return reply.header('content-type', 'image/png').header('cache-control', cache).header('x-content-type-options', 'nosniff').send(row.png);
  });
}
