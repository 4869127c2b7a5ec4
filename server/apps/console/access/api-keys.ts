import { createHash, randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { IdParam, NoQuery } from '../../../../shared/api/common.ts';
import { CreateApiKeyBody, PLATFORM_KEY_PREFIX, type ApiKey, type CreatedApiKey, type PlatformScope } from '../../../../shared/api/console-access.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { PlatformKeyGrant, PlatformKeyRefusal } from '../../../kernel/platform-keys.ts';
import type { PlatformApiKeyTable } from './tables.ts';

export const ROOT_ONLY = { roles: ['root'] } as const;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function keyOf(row: Selectable<PlatformApiKeyTable>): ApiKey {
  return {
    id: String(row.id),
    name: row.name,
    scopes: row.scopes as PlatformScope[],
    last4: row.last4,
    ratePerMinute: row.rate_per_minute,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * The platform key check the kernel asks for every `access: 'platformKey'` route (decision 0082): unknown, revoked
 * or expired → 401; a scope the key lacks → 403; past its calls per minute → 429 with the seconds left in the minute.
 * The count is a row per key and minute, so every server process of the database shares one limit.
 */
export function platformKeyCheck(kernel: Kernel) {
  return async (token: string, scope: string, now: number): Promise<PlatformKeyGrant | PlatformKeyRefusal> => {
    if (!token.startsWith(PLATFORM_KEY_PREFIX)) return { status: 401, key: 'consoleAccess.key.unknown' };
    const key = await kernel.db.selectFrom('platform_api_key').selectAll().where('secret_hash', '=', sha256(token)).executeTakeFirst();
    if (!key) return { status: 401, key: 'consoleAccess.key.unknown' };
    if (key.revoked_at) return { status: 401, key: 'consoleAccess.key.revoked' };
    if (key.expires_at && key.expires_at.getTime() <= now) return { status: 401, key: 'consoleAccess.key.expired' };
    if (!key.scopes.includes(scope)) return { status: 403, key: 'consoleAccess.key.scope' };
    const minute = new Date(now - (now % 60_000));
    const counted = await kernel.db
      .insertInto('platform_api_key_minute')
      .values({ key_id: key.id, minute, calls: 1 })
      .onConflict((oc) => oc.columns(['key_id', 'minute']).doUpdateSet({ calls: sql`platform_api_key_minute.calls + 1` }))
      .returning('calls')
      .executeTakeFirstOrThrow();
    if (counted.calls > key.rate_per_minute) return { status: 429, key: 'consoleAccess.key.rate', retryAfter: Math.max(1, Math.ceil((minute.getTime() + 60_000 - now) / 1000)) };
    if (counted.calls === 1) {
      // Once a minute at most: the first call of each window notes the use and forgets windows older than an hour.
      await kernel.db.updateTable('platform_api_key').set({ last_used_at: new Date(now) }).where('id', '=', key.id).execute();
      await kernel.db.deleteFrom('platform_api_key_minute').where('key_id', '=', key.id).where('minute', '<', new Date(now - 3_600_000)).execute();
    }
    return { keyId: String(key.id), name: key.name };
  };
}

/** `/apiaccess`: root creates keys (the secret answered once), lists and revokes them. */
export function registerApiKeyRoutes(app: App, kernel: Kernel): void {
  kernel.platformKeys.provide(platformKeyCheck(kernel));

  app.get('/api/console/access/keys', { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('platform_api_key').selectAll().orderBy('id', 'desc').execute();
    return { code: 200, msg: 'ok', data: { keys: rows.map(keyOf) } };
  });

  app.post(
    '/api/console/access/keys',
    { config: { access: ROOT_ONLY, action: 'console.apiKey.create' }, schema: { querystring: NoQuery, body: CreateApiKeyBody } },
    async (req) => {
      const { name, scopes, expiresAt, ratePerMinute } = req.body;
      const expires = expiresAt ? new Date(expiresAt) : null;
      if (expires && expires.getTime() <= kernel.clock.now()) throw fail.unprocessable('consoleAccess.key.expiryPast');
      // 32 random bytes: nothing to brute-force, so SHA-256 (not a slow password hash) is enough, as for developer tokens.
      const secret = `${PLATFORM_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await kernel.transact(req, (trx) =>
        trx
          .insertInto('platform_api_key')
          .values({ name: name.trim(), scopes, secret_hash: sha256(secret), last4: secret.slice(-4), rate_per_minute: ratePerMinute, expires_at: expires, created_by: req.ctx.principal!.userId, revoked_at: null, last_used_at: null })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      req.ctx.auditTarget = String(row.id);
      const created: CreatedApiKey = { ...keyOf(row), secret };
      return { code: 200, msg: 'ok', data: created };
    },
  );

  app.post(
    '/api/console/access/keys/:id/revoke',
    { config: { access: ROOT_ONLY, action: 'console.apiKey.revoke' }, schema: { params: IdParam, querystring: NoQuery } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const row = await kernel.transact(req, async (trx) => {
        const found = await trx.selectFrom('platform_api_key').selectAll().where('id', '=', req.params.id).forUpdate().executeTakeFirst();
        if (!found) throw fail.notFound('consoleAccess.key.notFound');
        if (found.revoked_at) return found;
        return trx.updateTable('platform_api_key').set({ revoked_at: new Date(kernel.clock.now()) }).where('id', '=', req.params.id).returningAll().executeTakeFirstOrThrow();
      });
      return { code: 200, msg: 'ok', data: keyOf(row) };
    },
  );
}
