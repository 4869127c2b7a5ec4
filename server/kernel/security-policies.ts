import { BlockList, isIP } from 'node:net';
import { sql } from 'kysely';
import { DEFAULT_POLICY, IP_ROLES, type SecurityPolicy } from '../../shared/security-policy.ts';
import type { Db } from './db/pool.ts';
import { KERNEL_CHANNEL } from './maintenance.ts';
import type { PgListener } from './notify.ts';

declare module './db/schema.ts' {
  interface Database {
    space_security_policy: { space_id: string; policy: SecurityPolicy; updated_by: string | null; updated_at: Date | string | undefined };
  }
}

interface Compiled {
  policy: SecurityPolicy;
  /** Per role with a list: the addresses it may use. */
  allow: Map<string, BlockList>;
}

function compile(policy: SecurityPolicy): Compiled {
  const allow = new Map<string, BlockList>();
  for (const role of IP_ROLES) {
    const rules = policy.ipAllow[role] ?? [];
    if (!rules.length) continue;
    const list = new BlockList();
    for (const rule of rules) {
      const [address, prefix] = rule.split('/');
      const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address!, type);
      else list.addSubnet(address!, Number(prefix), type);
    }
    allow.set(role, list);
  }
  return { policy: { ...DEFAULT_POLICY, ...policy }, allow };
}

/** An IPv4 client seen through an IPv6 socket arrives as ::ffff:a.b.c.d; rules are written as a.b.c.d. */
const plainAddress = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function allowedBy(compiled: Compiled, roles: readonly string[], ip: string): boolean {
  const address = plainAddress(ip);
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return roles.every((role) => {
    const list = compiled.allow.get(role);
    return !list || list.check(address, type);
  });
}

/** Whether `policy` would let a caller with `roles` in from `ip` (a reviewer must not lock themselves out). */
export const policyAllowsAddress = (policy: SecurityPolicy, roles: readonly string[], ip: string) => allowedBy(compile(policy), roles, ip);

/**
 * Every space's security policy, in memory so the per-request checks (addresses, idle time) cost no query, and
 * followed through NOTIFY so a change applies at once in every server process (like the maintenance switch).
 */
export class SecurityPolicies {
  private readonly bySpace = new Map<string, Compiled>();
  private readonly fallback = compile(DEFAULT_POLICY);

  constructor(private readonly db: Db) {}

  async load(listener: PgListener): Promise<void> {
    await listener.listen(KERNEL_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { type: string; spaceId?: string; policy?: SecurityPolicy };
      if (event.type === 'securityPolicy' && event.spaceId && event.policy) this.bySpace.set(event.spaceId, compile(event.policy));
    });
    const rows = await this.db.selectFrom('space_security_policy').select(['space_id', 'policy']).execute();
    for (const row of rows) this.bySpace.set(row.space_id, compile(row.policy));
  }

  get(spaceId: string | null | undefined): SecurityPolicy {
    return (spaceId ? this.bySpace.get(spaceId) : undefined)?.policy ?? DEFAULT_POLICY;
  }

  /** False when a role the caller holds in the space is limited to addresses the caller is not at. */
  addressAllowed(spaceId: string, roles: readonly string[], ip: string): boolean {
    return allowedBy(this.bySpace.get(spaceId) ?? this.fallback, roles, ip);
  }

  /** Writes a space's policy in the caller's transaction; every process applies it at commit. */
  async save(exec: Db, spaceId: string, policy: SecurityPolicy, userId: string): Promise<void> {
    const value = JSON.stringify(policy);
    await exec
      .insertInto('space_security_policy')
      .values({ space_id: spaceId, policy: sql`${value}::jsonb`, updated_by: userId })
      .onConflict((oc) => oc.column('space_id').doUpdateSet({ policy: sql`${value}::jsonb`, updated_by: userId, updated_at: sql`now()` }))
      .execute();
    await sql`select pg_notify(${KERNEL_CHANNEL}, ${JSON.stringify({ type: 'securityPolicy', spaceId, policy })})`.execute(exec);
  }

  /** This process follows its own change at once (the NOTIFY arrives too, a moment later). */
  apply(spaceId: string, policy: SecurityPolicy): void {
    this.bySpace.set(spaceId, compile(policy));
  }
}
