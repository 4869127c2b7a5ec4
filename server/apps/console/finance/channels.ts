import { randomBytes } from 'node:crypto';
import { NoQuery } from '../../../../shared/api/common.ts';
import { ChannelBody, ChannelPatch, FINANCE_API, FinanceIdParam, type ChannelKind, type FinanceChannel } from '../../../../shared/api/console-finance.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { secretBoxFor } from '../../../kernel/secrets.ts';
import { ROOT_ONLY, unique } from './catalog.ts';

/** What a channel hands back when a payment went through: the reference the bill keeps. */
export interface Settlement {
  reference: string;
}

/**
 * A payment channel (decision 0088): takes a pending bill's amount and either settles it here and now or refuses.
 * The development channel settles at once without contacting anyone. Provider kinds are configured (gateway address
 * checked by the outbound guard, credentials sealed) but this build carries no connector to any real provider, so
 * paying through one is refused with a message that says so: no payment provider is ever contacted.
 */
export interface PaymentChannel {
  settles: boolean;
  settle(order: { id: string; amountMinor: string }): Settlement;
}

const development: PaymentChannel = {
  settles: true,
  settle: (order) => ({ reference: `DEV-${order.id}-${randomBytes(4).toString('hex')}` }),
};

const unconnected = (kind: ChannelKind): PaymentChannel => ({
  settles: false,
  settle: () => {
    throw fail.unprocessable('finance.channel.noConnector', { kind: `finance.channel.kind.${kind}` });
  },
});

export const CHANNELS: Record<ChannelKind, PaymentChannel> = {
  dev: development,
  alipay: unconnected('alipay'),
  wechat: unconnected('wechat'),
  unionpay: unconnected('unionpay'),
};

/** The sealed secret is bound to its row: copied to another channel it does not open. */
const secretContext = (id: string) => `console.finance.channel:${id}`;

async function channels(trx: Trx): Promise<FinanceChannel[]> {
  const rows = await trx
    .selectFrom('finance_channel')
    .select(['id', 'kind', 'name', 'enabled', 'merchant_id', 'gateway_url', (eb) => eb('secret_sealed', 'is not', null).as('has_secret')])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    enabled: r.enabled,
    merchantId: r.merchant_id,
    gatewayUrl: r.gateway_url,
    hasSecret: Boolean(r.has_secret),
    settles: CHANNELS[r.kind].settles,
  }));
}

/** A provider's gateway must be an https address the outbound guard lets the platform reach (422 otherwise). */
async function checkedGateway(kernel: Kernel, text: string | null | undefined): Promise<string | null | undefined> {
  if (text === undefined || text === null) return text;
  const trimmed = text.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw fail.unprocessable('finance.channel.badUrl');
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw fail.unprocessable('finance.channel.badUrl');
  await kernel.outbound.check(url.hostname, url.port ? Number(url.port) : 443);
  return url.toString();
}

/** Payment channels (spec §2.4 financialchannel): list, add, change; credentials are write-only. */
export function registerChannelRoutes(app: App, kernel: Kernel): void {
  const box = () => secretBoxFor(kernel.config);

  app.get(`${FINANCE_API}/channels`, { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async (req) => ({
    code: 200,
    msg: 'ok',
    data: { channels: await kernel.transact(req, channels) },
  }));

  app.post(`${FINANCE_API}/channels`, { config: { access: ROOT_ONLY, action: 'console.finance.channel.create' }, schema: { querystring: NoQuery, body: ChannelBody } }, async (req) => {
    const { kind, name, enabled, merchantId, gatewayUrl, secret } = req.body;
    if (kind === 'dev' && (merchantId || gatewayUrl || secret)) throw fail.unprocessable('finance.channel.devNoSettings');
    const gateway = await checkedGateway(kernel, gatewayUrl);
    const row = await unique(
      kernel.transact(req, async (trx) => {
        const created = await trx
          .insertInto('finance_channel')
          .values({ kind, name: name.trim(), enabled: enabled ?? true, merchant_id: merchantId?.trim() || null, gateway_url: gateway ?? null, secret_sealed: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (secret) await trx.updateTable('finance_channel').set({ secret_sealed: box().seal(secret, secretContext(created.id)) }).where('id', '=', created.id).execute();
        return created;
      }),
      'finance.channel.nameTaken',
      { name },
    );
    req.ctx.auditTarget = row.id;
    return { code: 200, msg: 'ok', data: row };
  });

  app.patch(`${FINANCE_API}/channels/:id`, { config: { access: ROOT_ONLY, action: 'console.finance.channel.update' }, schema: { params: FinanceIdParam, querystring: NoQuery, body: ChannelPatch } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const { name, enabled, merchantId, gatewayUrl, secret } = req.body;
    const gateway = await checkedGateway(kernel, gatewayUrl);
    const row = await unique(
      kernel.transact(req, async (trx) => {
        const current = await trx.selectFrom('finance_channel').select('kind').where('id', '=', req.params.id).forUpdate().executeTakeFirst();
        if (!current) throw fail.notFound();
        if (current.kind === 'dev' && (merchantId || gatewayUrl || secret)) throw fail.unprocessable('finance.channel.devNoSettings');
        return trx
          .updateTable('finance_channel')
          .set({
            ...(name ? { name: name.trim() } : {}),
            ...(enabled !== undefined ? { enabled } : {}),
            ...(merchantId !== undefined ? { merchant_id: merchantId?.trim() || null } : {}),
            ...(gateway !== undefined ? { gateway_url: gateway } : {}),
            ...(secret ? { secret_sealed: box().seal(secret, secretContext(req.params.id)) } : {}),
          })
          .where('id', '=', req.params.id)
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
      'finance.channel.nameTaken',
      { name: name ?? '' },
    );
    return { code: 200, msg: 'ok', data: row };
  });
}
