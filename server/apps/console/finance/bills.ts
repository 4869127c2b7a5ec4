import ExcelJS from 'exceljs';
import { sql, type SelectQueryBuilder } from 'kysely';
import { BillExportQuery, BillQuery, FINANCE_API, formatMinor, type BillFilters, type FinanceBill } from '../../../../shared/api/console-finance.ts';
import type { Database } from '../../../kernel/db/schema.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { ROOT_ONLY } from './catalog.ts';

type BillSource = SelectQueryBuilder<Database, 'finance_order' | 'spaces' | 'finance_channel', object>;

/** An export holds at most this many bills, newest first; the list pages through any number. */
const EXPORT_MAX = 50_000;

/** Bills of the filters: one space, one state, created within a period of days (UTC, both days included). */
function filtered(kernel: Kernel, filters: BillFilters): BillSource {
  let query = kernel.db
    .selectFrom('finance_order')
    .innerJoin('spaces', 'spaces.id', 'finance_order.space_id')
    .leftJoin('finance_channel', 'finance_channel.id', 'finance_order.channel_id') as unknown as BillSource;
  if (filters.spaceId) query = query.where('finance_order.space_id', '=', filters.spaceId);
  if (filters.state) query = query.where('finance_order.state', '=', filters.state);
  if (filters.from) query = query.where('finance_order.created_at', '>=', sql<Date>`${filters.from}::date`);
  if (filters.to) query = query.where('finance_order.created_at', '<', sql<Date>`${filters.to}::date + 1`);
  return query;
}

const COLUMNS = [
  'finance_order.id',
  'finance_order.space_id',
  'spaces.name as space_name',
  'finance_order.product_id',
  'finance_order.product_name',
  'finance_order.type_kind',
  'finance_order.app_id',
  'finance_order.add_members',
  'finance_order.add_storage_mb',
  'finance_order.add_apps',
  'finance_order.period_months',
  'finance_order.amount_minor',
  'finance_order.currency',
  'finance_order.state',
  'finance_channel.name as channel_name',
  'finance_order.payment_ref',
  'finance_order.valid_until',
  'finance_order.expired_at',
  'finance_order.note',
  'finance_order.created_at',
  'finance_order.paid_at',
  'finance_order.closed_at',
] as const;

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

function billOf(r: Row): FinanceBill {
  return {
    id: String(r.id),
    spaceId: String(r.space_id),
    spaceName: String(r.space_name),
    productId: String(r.product_id),
    productName: String(r.product_name),
    kind: r.type_kind as FinanceBill['kind'],
    appId: (r.app_id as string | null) ?? null,
    addMembers: Number(r.add_members),
    addStorageMb: Number(r.add_storage_mb),
    addApps: Number(r.add_apps),
    periodMonths: (r.period_months as number | null) ?? null,
    amountMinor: String(r.amount_minor),
    currency: 'CNY',
    state: r.state as FinanceBill['state'],
    channelName: (r.channel_name as string | null) ?? null,
    paymentRef: (r.payment_ref as string | null) ?? null,
    validUntil: iso(r.valid_until),
    expiredAt: iso(r.expired_at),
    note: String(r.note),
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    closedAt: iso(r.closed_at),
  };
}

/**
 * Root's bills (spec §2.4 financialbill): every space's orders with their state, filtered by space, state and
 * period, newest first, with the exact paid total of the selection; the same selection as an xlsx file.
 */
export function registerBillRoutes(app: App, kernel: Kernel): void {
  app.get(`${FINANCE_API}/bills`, { config: { access: ROOT_ONLY }, schema: { querystring: BillQuery } }, async (req) => {
    const { limit = 50, before, lang: _lang, ...filters } = req.query;
    let page = filtered(kernel, filters).select(COLUMNS).orderBy('finance_order.id', 'desc').limit(limit);
    if (before) page = page.where('finance_order.id', '<', before);
    const [rows, totals] = await Promise.all([
      page.execute(),
      // Summed by PostgreSQL as numeric and answered as text: exact whatever the count.
      filtered(kernel, filters)
        .select([sql<string>`coalesce(sum(finance_order.amount_minor) filter (where finance_order.state = 'paid'), 0)::text`.as('paid'), sql<string>`count(*)::text`.as('count')])
        .executeTakeFirstOrThrow(),
    ]);
    const bills = (rows as Row[]).map(billOf);
    return { code: 200, msg: 'ok', data: { bills, nextBefore: bills.length === limit ? bills.at(-1)!.id : null, paidMinor: totals.paid, count: Number(totals.count) } };
  });

  app.get(`${FINANCE_API}/bills/export`, { config: { access: ROOT_ONLY }, schema: { querystring: BillExportQuery } }, async (req, reply) => {
    const { lang: _lang, ...filters } = req.query;
    const t = (key: string) => kernel.i18n.t(req.ctx.language, key);
    const rows = ((await filtered(kernel, filters).select(COLUMNS).orderBy('finance_order.id', 'desc').limit(EXPORT_MAX).execute()) as Row[]).map(billOf);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(t('finance.bills.sheet'));
    sheet.columns = [
      { header: t('finance.bills.number'), key: 'id', width: 10 },
      { header: t('finance.bills.space'), key: 'space', width: 28 },
      { header: t('finance.bills.product'), key: 'product', width: 28 },
      // Yuan as exact text, and fen as a whole number a spreadsheet can sum: no binary fraction in either.
      { header: t('finance.bills.amount'), key: 'amount', width: 14 },
      { header: t('finance.bills.amountMinor'), key: 'minor', width: 14 },
      { header: t('finance.bills.state'), key: 'state', width: 10 },
      { header: t('finance.bills.channel'), key: 'channel', width: 18 },
      { header: t('finance.bills.reference'), key: 'ref', width: 24 },
      { header: t('finance.bills.createdAt'), key: 'created', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      { header: t('finance.bills.paidAt'), key: 'paid', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const bill of rows) {
      sheet.addRow({
        id: Number(bill.id),
        space: `${bill.spaceName} (${bill.spaceId})`,
        product: bill.productName,
        amount: formatMinor(bill.amountMinor),
        minor: Number(bill.amountMinor),
        state: t(`finance.state.${bill.state}`),
        channel: bill.channelName ?? '',
        ref: bill.paymentRef ?? '',
        created: new Date(bill.createdAt),
        paid: bill.paidAt ? new Date(bill.paidAt) : '',
      });
    }
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="bills.xlsx"; filename*=UTF-8''${encodeURIComponent(`${t('finance.bills.sheet')}.xlsx`)}`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
