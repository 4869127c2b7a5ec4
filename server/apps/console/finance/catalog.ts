import { NoQuery } from '../../../../shared/api/common.ts';
import {
  FINANCE_API,
  FinanceIdParam,
  ListingBody,
  ListingPatch,
  ProductBody,
  ProductPatch,
  TypeBody,
  TypePatch,
  type FinanceListing,
  type FinanceProduct,
  type FinanceType,
  type ProductInput,
  type TypeKind,
} from '../../../../shared/api/console-finance.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import './tables.ts';

export const ROOT_ONLY = { roles: ['root'] } as const;

/** A unique name taken becomes a 409 with the given key; anything else is rethrown. */
export async function unique<T>(work: Promise<T>, key: string, params: Record<string, string> = {}): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw fail.conflict(key, params);
    throw error;
  }
}

/**
 * What a product of a type's kind must sell (decision 0087): an app product names the store app and adds no quota;
 * a quota pack or subscription adds at least one quota and names no app; a subscription covers a period.
 */
function checkProduct(kind: TypeKind, input: Pick<ProductInput, 'appId' | 'addMembers' | 'addStorageMb' | 'addApps' | 'periodMonths'>): void {
  const adds = (input.addMembers ?? 0) + (input.addStorageMb ?? 0) + (input.addApps ?? 0);
  if (kind === 'app') {
    if (!input.appId) throw fail.unprocessable('finance.product.appNeeded');
    if (adds > 0) throw fail.unprocessable('finance.product.appOnly');
    return;
  }
  if (input.appId) throw fail.unprocessable('finance.product.noApp');
  if (adds === 0) throw fail.unprocessable('finance.product.incrementNeeded');
  if (kind === 'subscription' && !input.periodMonths) throw fail.unprocessable('finance.product.periodNeeded');
  if (kind === 'quota' && input.periodMonths) throw fail.unprocessable('finance.product.noPeriod');
}

async function types(trx: Trx): Promise<FinanceType[]> {
  const rows = await trx
    .selectFrom('finance_type as t')
    .leftJoin('finance_product as p', 'p.type_id', 't.id')
    .select(['t.id', 't.name', 't.kind', 't.note', (eb) => eb.fn.count<string>('p.id').as('products')])
    .groupBy('t.id')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ ...r, products: Number(r.products) }));
}

export async function products(trx: Trx): Promise<FinanceProduct[]> {
  const rows = await trx
    .selectFrom('finance_product as p')
    .innerJoin('finance_type as t', 't.id', 'p.type_id')
    .select(['p.id', 'p.type_id', 't.name as type_name', 't.kind', 'p.name', 'p.app_id', 'p.add_members', 'p.add_storage_mb', 'p.add_apps', 'p.price_minor', 'p.currency', 'p.period_months', 'p.status'])
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    typeId: r.type_id,
    typeName: r.type_name,
    kind: r.kind,
    name: r.name,
    appId: r.app_id,
    addMembers: r.add_members,
    addStorageMb: r.add_storage_mb,
    addApps: r.add_apps,
    priceMinor: r.price_minor,
    currency: r.currency,
    periodMonths: r.period_months,
    status: r.status,
  }));
}

async function listings(trx: Trx): Promise<FinanceListing[]> {
  const rows = await trx
    .selectFrom('finance_listing as l')
    .innerJoin('finance_product as p', 'p.id', 'l.product_id')
    .select(['l.id', 'l.product_id', 'p.name as product_name', 'p.price_minor', 'p.period_months', 'p.status', 'l.title', 'l.blurb', 'l.sort', 'l.on_sale'])
    .orderBy('l.sort')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    priceMinor: r.price_minor,
    periodMonths: r.period_months,
    productStatus: r.status,
    title: r.title,
    blurb: r.blurb,
    sort: r.sort,
    onSale: r.on_sale,
  }));
}

/** Product types, products and the shop's listings: root's catalogue (spec §2.4 financialtype/product/shop). */
export function registerCatalogRoutes(app: App, kernel: Kernel): void {
  const read = { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } };
  const write = (action: string) => ({ access: ROOT_ONLY, action: `console.finance.${action}` });

  app.get(`${FINANCE_API}/types`, read, async (req) => ({ code: 200, msg: 'ok', data: { types: await kernel.transact(req, types) } }));
  app.post(`${FINANCE_API}/types`, { config: write('type.create'), schema: { querystring: NoQuery, body: TypeBody } }, async (req) => {
    const row = await unique(
      kernel.transact(req, (trx) => trx.insertInto('finance_type').values({ name: req.body.name.trim(), kind: req.body.kind, note: req.body.note ?? '' }).returning('id').executeTakeFirstOrThrow()),
      'finance.type.nameTaken',
      { name: req.body.name },
    );
    req.ctx.auditTarget = row.id;
    return { code: 200, msg: 'ok', data: row };
  });
  app.patch(`${FINANCE_API}/types/:id`, { config: write('type.update'), schema: { params: FinanceIdParam, querystring: NoQuery, body: TypePatch } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const body = { ...req.body, ...(req.body.name ? { name: req.body.name.trim() } : {}) };
    const row = await unique(kernel.transact(req, (trx) => trx.updateTable('finance_type').set(body).where('id', '=', req.params.id).returning('id').executeTakeFirst()), 'finance.type.nameTaken', { name: req.body.name ?? '' });
    if (!row) throw fail.notFound();
    return { code: 200, msg: 'ok', data: row };
  });

  app.get(`${FINANCE_API}/products`, read, async (req) => ({ code: 200, msg: 'ok', data: { products: await kernel.transact(req, products) } }));
  app.post(`${FINANCE_API}/products`, { config: write('product.create'), schema: { querystring: NoQuery, body: ProductBody } }, async (req) => {
    const input = req.body;
    const row = await unique(
      kernel.transact(req, async (trx) => {
        const type = await trx.selectFrom('finance_type').select('kind').where('id', '=', input.typeId).executeTakeFirst();
        if (!type) throw fail.unprocessable('finance.product.typeMissing');
        checkProduct(type.kind, input);
        return trx
          .insertInto('finance_product')
          .values({
            type_id: input.typeId,
            name: input.name.trim(),
            app_id: input.appId ?? null,
            add_members: input.addMembers ?? 0,
            add_storage_mb: input.addStorageMb ?? 0,
            add_apps: input.addApps ?? 0,
            price_minor: input.priceMinor,
            period_months: input.periodMonths ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
      'finance.product.nameTaken',
      { name: input.name },
    );
    req.ctx.auditTarget = row.id;
    return { code: 200, msg: 'ok', data: row };
  });
  app.patch(`${FINANCE_API}/products/:id`, { config: write('product.update'), schema: { params: FinanceIdParam, querystring: NoQuery, body: ProductPatch } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const { name, priceMinor, periodMonths, status } = req.body;
    const row = await unique(
      kernel.transact(req, async (trx) => {
        const current = await trx.selectFrom('finance_product as p').innerJoin('finance_type as t', 't.id', 'p.type_id').select(['t.kind', 'p.app_id', 'p.add_members', 'p.add_storage_mb', 'p.add_apps']).where('p.id', '=', req.params.id).forUpdate().executeTakeFirst();
        if (!current) throw fail.notFound();
        if (periodMonths !== undefined) {
          checkProduct(current.kind, { appId: current.app_id ?? undefined, addMembers: current.add_members, addStorageMb: current.add_storage_mb, addApps: current.add_apps, periodMonths });
        }
        return trx
          .updateTable('finance_product')
          .set({ ...(name ? { name: name.trim() } : {}), ...(priceMinor ? { price_minor: priceMinor } : {}), ...(periodMonths !== undefined ? { period_months: periodMonths } : {}), ...(status ? { status } : {}) })
          .where('id', '=', req.params.id)
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
      'finance.product.nameTaken',
      { name: name ?? '' },
    );
    return { code: 200, msg: 'ok', data: row };
  });

  app.get(`${FINANCE_API}/listings`, read, async (req) => ({ code: 200, msg: 'ok', data: { listings: await kernel.transact(req, listings) } }));
  app.post(`${FINANCE_API}/listings`, { config: write('listing.create'), schema: { querystring: NoQuery, body: ListingBody } }, async (req) => {
    const { productId, title, blurb, sort, onSale } = req.body;
    const row = await unique(
      kernel.transact(req, async (trx) => {
        const product = await trx.selectFrom('finance_product').select('status').where('id', '=', productId).executeTakeFirst();
        if (!product || product.status !== 'active') throw fail.unprocessable('finance.listing.productMissing');
        const last = await trx.selectFrom('finance_listing').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
        return trx
          .insertInto('finance_listing')
          .values({ product_id: productId, title: title.trim(), blurb: blurb ?? '', sort: sort ?? Number(last?.sort ?? 0) + 10, on_sale: onSale ?? true })
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
      'finance.listing.exists',
    );
    req.ctx.auditTarget = row.id;
    return { code: 200, msg: 'ok', data: row };
  });
  app.patch(`${FINANCE_API}/listings/:id`, { config: write('listing.update'), schema: { params: FinanceIdParam, querystring: NoQuery, body: ListingPatch } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const { title, blurb, sort, onSale } = req.body;
    const values = { ...(title ? { title: title.trim() } : {}), ...(blurb !== undefined ? { blurb } : {}), ...(sort !== undefined ? { sort } : {}), ...(onSale !== undefined ? { on_sale: onSale } : {}) };
    const row = await kernel.transact(req, (trx) => trx.updateTable('finance_listing').set(values).where('id', '=', req.params.id).returning('id').executeTakeFirst());
    if (!row) throw fail.notFound();
    return { code: 200, msg: 'ok', data: row };
  });
  app.delete(`${FINANCE_API}/listings/:id`, { config: write('listing.delete'), schema: { params: FinanceIdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const result = await kernel.transact(req, (trx) => trx.deleteFrom('finance_listing').where('id', '=', req.params.id).executeTakeFirst());
    if (result.numDeletedRows === 0n) throw fail.notFound();
    return { code: 200, msg: 'ok', data: null };
  });
}
