import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { spacePrefixOf } from './http/space-prefix.ts';
import type { Db } from './db/pool.ts';
import type { Logger } from './logger.ts';

export interface AuditEntry {
  userId: string | null;
  spaceId: string | null;
  action: string;
  target?: string | null;
  result: 'ok' | 'denied' | 'failed';
  status?: number;
  ip: string | null;
  crossSpace?: boolean;
  /** The developer token the call was made with (its id, never the token). */
  viaToken?: string | null;
  /** How a record change came in (api, import, workflow, rule, …) and the service identity that made it. */
  via?: string | null;
  service?: string | null;
}

const rowOf = (entry: AuditEntry) => ({
  user_id: entry.userId,
  space_id: entry.spaceId,
  action: entry.action.slice(0, 200),
  target: entry.target?.slice(0, 500) ?? null,
  result: entry.result,
  status: entry.status ?? null,
  ip: entry.ip,
  cross_space: entry.crossSpace ?? false,
  via_token: entry.viaToken ?? null,
  via: entry.via ?? null,
  via_service: entry.service ?? null,
});

/**
 * The operation log. Written outside the request's transaction on purpose: a refused or failed call is
 * recorded even though its own changes rolled back. The app role may only insert and read it.
 */
export class Audit {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** With a transaction as `exec`, the entry commits (or not) with that transaction's write. */
  async record(entry: AuditEntry, exec: Db = this.db): Promise<void> {
    try {
      await exec.insertInto('oplog').values(rowOf(entry)).execute();
    } catch (error) {
      // Losing an audit row must be loud: it is the one thing an auditor relies on.
      this.log.error({ err: error, action: entry.action }, 'operation log write failed');
    }
  }

  /**
   * Entries of changes made in a transaction (a batch of record writes), committed with them. Unlike `record`, a
   * failure here fails the transaction: the change must not stand without its entry.
   */
  async recordMany(entries: readonly AuditEntry[], trx: Db): Promise<void> {
    if (entries.length === 1) return void (await trx.insertInto('oplog').values(rowOf(entries[0]!)).execute());
    if (!entries.length) return;
    // A batch (an import's 2,000 rows) is one JSON parameter turned into rows by PostgreSQL: binding eleven
    // parameters a row cost the import a third of its speed.
    await sql`insert into oplog (user_id, space_id, action, target, result, status, ip, cross_space, via_token, via, via_service)
      select (e->>'user_id')::bigint, e->>'space_id', e->>'action', e->>'target', e->>'result', (e->>'status')::integer, e->>'ip',
             (e->>'cross_space')::boolean, e->>'via_token', e->>'via', e->>'via_service'
        from jsonb_array_elements(${JSON.stringify(entries.map(rowOf))}::jsonb) e`.execute(trx);
  }
}

/** The operation-log entry of a request that answered `status`. */
export function entryFor(req: FastifyRequest, status: number): AuditEntry {
  const ctx = req.ctx;
  return {
    userId: ctx.principal?.userId ?? null,
    // A refused cross-space call names the space it aimed at, so that space's auditors see it.
    spaceId: ctx.space?.id ?? (ctx.isCrossSpace ? spacePrefixOf(req.raw) : null),
    action: req.routeOptions.config.action ?? `${req.method} ${req.routeOptions.url}`,
    target: ctx.auditTarget,
    result: status < 400 ? 'ok' : status === 401 || status === 403 ? 'denied' : 'failed',
    status,
    ip: ctx.ip,
    crossSpace: ctx.isCrossSpace,
    viaToken: ctx.principal?.tokenId ?? null,
  };
}
