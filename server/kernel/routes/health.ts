import type pg from 'pg';
import type { App } from '../http/server.ts';

/**
 * What a load balancer or an orchestrator asks a process (docs/deploy.md): `draining` turns true first thing on
 * SIGTERM, so the balancer stops sending new work before the process stops accepting it.
 */
export interface Readiness {
  migrated: boolean;
  draining: boolean;
}

/** A reachability probe answered within this, or the database counts as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;
/** Probes from several balancers within this share one round trip to the database. */
const PROBE_REUSE_MS = 500;

/**
 * `GET /healthz`: the process is alive and its event loop turns (no database call). `GET /readyz`: it should get
 * traffic — database reachable, migrations done, not draining; else 503 with the reason. Both are unauthenticated,
 * outside the space and access machinery, and not in the operation log: they carry nothing a visitor may not know.
 */
export function registerHealthRoutes(app: App, pool: pg.Pool, readiness: Readiness): void {
  let last: { at: number; reachable: Promise<boolean> } | null = null;
  const reachable = (): Promise<boolean> => {
    const now = Date.now();
    if (last && now - last.at < PROBE_REUSE_MS) return last.reachable;
    let timer: NodeJS.Timeout | undefined;
    const probe = Promise.race([
      pool.query('select 1').then(() => true, () => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
    last = { at: now, reachable: probe };
    return probe;
  };

  const health = { config: { access: 'public', allowInMaintenance: true, probe: true } } as const;
  app.get('/healthz', health, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', health, async (_req, reply) => {
    const reason = readiness.draining ? 'draining' : !readiness.migrated ? 'starting' : !(await reachable()) ? 'database unreachable' : null;
    reply.header('cache-control', 'no-store');
    return reason ? reply.code(503).send({ status: 'unavailable', reason }) : reply.send({ status: 'ready' });
  });
}
