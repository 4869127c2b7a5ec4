import type sharpModule from 'sharp';
import type { Metadata } from 'sharp';
import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { BANNER_IMAGE, BannerBody, STORE_API, StoreIdParam, bannerLinkOk, type Banner, type BannerInput } from '../../../../shared/api/appcenter-store.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { root } from './actor.ts';

/** sharp is loaded with the first banner, not at start (as the org logo does). */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((module) => module.default));
const TYPES = ['png', 'jpeg', 'webp'];

/**
 * A banner image is checked by its content as the org logo is: a format sharp recognises (PNG, JPEG, WebP), its
 * real dimensions and pixel count read before decoding (no decompression bomb), a wide enough picture — then
 * re-encoded to a PNG of the banner's box, so the stored bytes are ours, never the upload's.
 */
async function bannerImage(bytes: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const sharp = await sharpLib();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: BANNER_IMAGE.maxPixels }).metadata();
  } catch {
    throw fail.unprocessable('appcenter.store.banner.badType');
  }
  if (!meta.format || !TYPES.includes(meta.format)) throw fail.unprocessable('appcenter.store.banner.badType');
  const { width = 0, height = 0 } = meta;
  if (width < BANNER_IMAGE.minWidth || height < BANNER_IMAGE.minHeight || Math.max(width, height) > BANNER_IMAGE.maxSide || width * height > BANNER_IMAGE.maxPixels) {
    throw fail.unprocessable('appcenter.store.banner.badSize', { minWidth: BANNER_IMAGE.minWidth, minHeight: BANNER_IMAGE.minHeight, max: BANNER_IMAGE.maxSide, width, height });
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: BANNER_IMAGE.maxPixels, animated: false })
      .rotate()
      .resize({ width: BANNER_IMAGE.width, height: BANNER_IMAGE.height, fit: 'cover', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw fail.unprocessable('appcenter.store.banner.damaged');
  }
}

const bannerColumns = ['id', 'title', 'link', 'sort', 'enabled', 'width', 'height', 'updated_at', sql<boolean>`image is not null`.as('has_image')] as const;
type BannerRow = { id: string; title: string; link: string; sort: number; enabled: boolean; width: number | null; height: number | null; updated_at: Date; has_image: boolean };
const bannerOf = (r: BannerRow): Banner => ({ id: r.id, title: r.title, link: r.link, sort: r.sort, enabled: r.enabled, hasImage: r.has_image, width: r.width, height: r.height, updatedAt: r.updated_at.toISOString() });

function checked(body: BannerInput) {
  const title = body.title.trim();
  if (!title) throw fail.unprocessable('appcenter.store.banner.titleBlank');
  const link = body.link.trim();
  if (!bannerLinkOk(link)) throw fail.unprocessable('appcenter.store.banner.badLink');
  return { title, link, sort: body.sort, enabled: body.enabled };
}

/** The store's banners (root, `appstore/setupbanner`): platform content, written only through these routes. */
export function registerBannerRoutes(app: App, kernel: Kernel): void {
  app.get(`${STORE_API}/banners/all`, { config: { access: root }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('appcenter_store_banner').select(bannerColumns).orderBy('sort').orderBy('id').execute();
    return { code: 200, msg: 'ok', data: { banners: rows.map(bannerOf) } };
  });

  app.post(`${STORE_API}/banners`, { config: { access: root, action: 'appcenter.store.banner.create' }, schema: { querystring: NoQuery, body: BannerBody } }, async (req) => {
    const values = checked(req.body);
    const row = await kernel.transact(req, (trx) => trx.insertInto('appcenter_store_banner').values(values).returning(bannerColumns).executeTakeFirstOrThrow());
    req.ctx.auditTarget = row.id;
    return { code: 200, msg: 'ok', data: bannerOf(row) };
  });

  app.put(`${STORE_API}/banners/:id`, { config: { access: root, action: 'appcenter.store.banner.update' }, schema: { params: StoreIdParam, querystring: NoQuery, body: BannerBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const values = checked(req.body);
    const row = await kernel.transact(req, (trx) =>
      trx.updateTable('appcenter_store_banner').set({ ...values, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', req.params.id).returning(bannerColumns).executeTakeFirst(),
    );
    if (!row) throw fail.notFound('appcenter.store.bannerNotFound');
    return { code: 200, msg: 'ok', data: bannerOf(row) };
  });

  app.delete(`${STORE_API}/banners/:id`, { config: { access: root, action: 'appcenter.store.banner.delete' }, schema: { params: StoreIdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const done = await kernel.transact(req, (trx) => trx.deleteFrom('appcenter_store_banner').where('id', '=', req.params.id).executeTakeFirst());
    if (done.numDeletedRows === 0n) throw fail.notFound('appcenter.store.bannerNotFound');
    return { code: 200, msg: 'ok', data: null };
  });

  app.put(
    `${STORE_API}/banners/:id/image`,
    { config: { access: root, action: 'appcenter.store.banner.image' }, schema: { params: StoreIdParam, querystring: NoQuery }, bodyLimit: BANNER_IMAGE.maxBytes + 65536 },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      if (!req.isMultipart()) throw fail.unprocessable('forms.file.none');
      let bytes: Buffer;
      try {
        const part = await req.file({ limits: { fileSize: BANNER_IMAGE.maxBytes, files: 1 } });
        if (!part) throw fail.unprocessable('forms.file.none');
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail.unprocessable('appcenter.store.banner.tooLarge', { max: BANNER_IMAGE.maxBytes / 1024 / 1024 });
        throw error;
      }
      const image = await bannerImage(bytes);
      const row = await kernel.transact(req, (trx) =>
        trx
          .updateTable('appcenter_store_banner')
          .set({ image: image.png, width: image.width, height: image.height, updated_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', req.params.id)
          .returning(bannerColumns)
          .executeTakeFirst(),
      );
      if (!row) throw fail.notFound('appcenter.store.bannerNotFound');
      return { code: 200, msg: 'ok', data: bannerOf(row) };
    },
  );
}
