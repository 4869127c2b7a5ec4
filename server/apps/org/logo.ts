import type sharpModule from 'sharp';
import type { Metadata } from 'sharp';
import { NoQuery } from '../../../shared/api/common.ts';
import { LOGO_LIMITS, LOGO_PATH, LOGO_TYPES } from '../../../shared/org/logo.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_logo: { space_id: string; png: Buffer; width: number; height: number; updated_at: Date | string | undefined };
  }
}

/** sharp is loaded with the first logo, not at start (as the forms app does for its images). */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((module) => module.default));

/** The version the header puts in the logo's address (a new logo is a new address), or null when none is set. */
export async function logoVersion(trx: Trx): Promise<string | null> {
  const row = await trx.selectFrom('org_logo').select('updated_at').executeTakeFirst();
  return row ? String(new Date(row.updated_at as Date).getTime()) : null;
}

/**
 * Checks an upload by its content — a format sharp recognises among PNG, JPEG, GIF and WebP, its real dimensions
 * and pixel count before decoding (no decompression bomb) — and re-encodes it to a PNG that fits the box.
 */
async function reencode(bytes: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const sharp = await sharpLib();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: LOGO_LIMITS.maxPixels }).metadata();
  } catch {
    throw fail.unprocessable('org.logo.badType');
  }
  if (!meta.format || !(LOGO_TYPES as readonly string[]).includes(meta.format)) throw fail.unprocessable('org.logo.badType');
  const { width = 0, height = 0 } = meta;
  if (Math.min(width, height) < LOGO_LIMITS.minSide || Math.max(width, height) > LOGO_LIMITS.maxSide || width * height > LOGO_LIMITS.maxPixels) {
    throw fail.unprocessable('org.logo.badSize', { min: LOGO_LIMITS.minSide, max: LOGO_LIMITS.maxSide, width, height });
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: LOGO_LIMITS.maxPixels, animated: false })
      .rotate()
      .resize({ width: LOGO_LIMITS.box, height: LOGO_LIMITS.box, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw fail.unprocessable('org.logo.damaged');
  }
}

export function registerLogoRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.settings.manage' } as const;

  app.get(LOGO_PATH, { config: { access: read }, schema: { querystring: NoQuery } }, async (req, reply) => {
    currentSpace(req);
    const row = await kernel.transact(req, (trx) => trx.selectFrom('org_logo').select('png').executeTakeFirst());
    if (!row) throw fail.notFound('org.logo.none.server');
    // The header asks with ?v=<version>: a new logo is a new address, so a long private cache is safe.
    return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=86400').send(row.png);
  });

  app.put(LOGO_PATH, { config: { access: manage, action: 'org.logo.set' }, schema: { querystring: NoQuery }, bodyLimit: LOGO_LIMITS.maxBytes + 65536 }, async (req) => {
    const space = currentSpace(req);
    if (!req.isMultipart()) throw fail.unprocessable('forms.file.none');
    let bytes: Buffer;
    try {
      const part = await req.file({ limits: { fileSize: LOGO_LIMITS.maxBytes, files: 1 } });
      if (!part) throw fail.unprocessable('forms.file.none');
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail.unprocessable('org.logo.tooLarge', { max: LOGO_LIMITS.maxBytes / 1024 / 1024 });
      throw error;
    }
    const logo = await reencode(bytes);
    req.ctx.auditTarget = `${logo.width}x${logo.height}`;
    const version = await kernel.transact(req, async (trx) => {
      const values = { png: logo.png, width: logo.width, height: logo.height, updated_at: new Date(kernel.clock.now()) };
      await trx.insertInto('org_logo').values({ space_id: space.id, ...values }).onConflict((oc) => oc.column('space_id').doUpdateSet(values)).execute();
      return logoVersion(trx);
    });
    return { code: 200, msg: 'ok', data: { version, width: logo.width, height: logo.height } };
  });

  app.delete(LOGO_PATH, { config: { access: manage, action: 'org.logo.remove' }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    await kernel.transact(req, (trx) => trx.deleteFrom('org_logo').execute());
    return { code: 200, msg: 'ok', data: { version: null } };
  });
}
