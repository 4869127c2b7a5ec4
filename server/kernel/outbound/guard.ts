import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { AppError } from '../errors.ts';
import { addressAllowed, normalHost, parseAddress, parseAllowList, type AllowRule } from './addresses.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a name to every address it has (injectable: tests stand in for DNS). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** The connection is refused by policy: a user-configured target the platform may not reach (a 422 to the user). */
export class OutboundRefused extends AppError {
  constructor(
    host: string,
    /** Why (the forbidden address, or `scheme`): for the server's log only — the answer does not reveal what a name resolved to. */
    readonly reason: string,
  ) {
    super(422, 'outbound.refused', { host });
  }
}

/**
 * The one guard every user-configured outbound connection goes through (SMTP hosts, webhooks, data sources, HTTP
 * steps, gateway upstreams). It resolves the name itself, refuses it when any of its addresses may not be
 * reached, and hands the connection exactly the addresses it checked — so DNS cannot answer differently between
 * the check and the connect (rebinding). Use `fetch` (guarded-fetch.ts) for HTTP(S); socket clients pass
 * `lookupFor(port)` as the `lookup` of net/tls.connect, or connect to what `check` returns.
 */
export class OutboundGuard {
  readonly rules: readonly AllowRule[];

  constructor(
    allow: readonly string[] = [],
    private readonly resolve: Resolver = systemResolver,
  ) {
    this.rules = parseAllowList(allow);
  }

  /** The addresses `host`:`port` may be reached at (all of them checked), or OutboundRefused. */
  async check(host: string, port: number): Promise<ResolvedAddress[]> {
    const name = normalHost(host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
    if (!name) throw new OutboundRefused(host, 'empty');
    const literal = parseAddress(name);
    let found: ResolvedAddress[];
    if (literal) found = [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }];
    else {
      try {
        found = await this.resolve(name);
      } catch {
        throw new AppError(502, 'outbound.unresolved', { host });
      }
    }
    if (found.length === 0) throw new AppError(502, 'outbound.unresolved', { host });
    for (const entry of found) {
      const address = parseAddress(entry.address);
      // A name with one forbidden address is refused as a whole: it is either misconfigured or an attack.
      if (!address || !addressAllowed(this.rules, name, address, port)) throw new OutboundRefused(host, entry.address);
    }
    return found.map((entry) => {
      const address = parseAddress(entry.address)!;
      return { address: address.toString(), family: address.kind() === 'ipv4' ? 4 : 6 };
    });
  }

  /** A `lookup` for net/tls/http(s) connections to `port`: answers only checked addresses. */
  lookupFor(port: number): LookupFunction {
    return (hostname, options, callback) => {
      this.check(hostname, port).then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
          if (wanted.length === 0) {
            callback(Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
            return;
          }
          if (options.all) (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, wanted);
          else callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
      );
    };
  }
}
