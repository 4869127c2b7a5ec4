import ipaddr from 'ipaddr.js';

/**
 * Which addresses a user-configured outbound connection may reach. Only global unicast: IPv4 outside every
 * special range (loopback, private, CGNAT, link-local, unspecified, multicast, broadcast, reserved and
 * documentation ranges), IPv6 inside 2000::/3 and outside its special ranges. IPv4-mapped IPv6 is judged as
 * the IPv4 address it carries; IPv4-compatible (::/96), NAT64, 6to4 and Teredo addresses are refused, since
 * they can carry an internal IPv4 address through a translator.
 */
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');

/** Cloud metadata services: refused even when an allow-list range or host covers them (only an exact entry allows). */
export const METADATA_ADDRESSES: readonly string[] = ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'].map((a) => ipaddr.parse(a).toString());

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses a canonical address (as DNS answers and URL hostnames give them); IPv4-mapped IPv6 becomes IPv4. */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  // Only the four-part dotted form counts as a literal here: other spellings (2130706433, 0x7f.1) are names
  // for the resolver, which turns them into the address that is then checked.
  if (!bare.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return null;
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

export function isPublicAddress(address: Address): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  return v6.match(GLOBAL_IPV6) && v6.range() === 'unicast';
}

export const isMetadataAddress = (address: Address): boolean => METADATA_ADDRESSES.includes(address.toString());

/** One entry of the operator's allow-list (OUTBOUND_ALLOW): an address, a CIDR range or a host name, each with an optional port. */
export type AllowRule =
  | { kind: 'range'; range: [Address, number]; exact: boolean; port: number | null }
  | { kind: 'host'; host: string; port: number | null };

/** Lower case, without the trailing dot of a fully qualified name (`localhost.` is `localhost`). */
export const normalHost = (host: string): string => host.toLowerCase().replace(/\.$/, '');

function splitPort(entry: string): [string, number | null] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1]!, bracketed[2] ? Number(bracketed[2]) : null];
  const withPort = /^([^:]+):(\d+)$/.exec(entry); // one colon: host or IPv4 with a port; more: bare IPv6
  if (withPort) return [withPort[1]!, Number(withPort[2])];
  return [entry, null];
}

/** Parses OUTBOUND_ALLOW (`10.0.0.0/8, smtp.corp.example:587, [fd00::1]:443, 192.168.1.20`); a bad entry stops the start. */
export function parseAllowList(entries: readonly string[]): AllowRule[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    const [target, port] = splitPort(entry);
    if (port !== null && !(port > 0 && port < 65536)) throw new Error(`OUTBOUND_ALLOW: bad port in "${entry}"`);
    if (target.includes('/')) {
      if (!ipaddr.isValidCIDR(target)) throw new Error(`OUTBOUND_ALLOW: bad range "${entry}"`);
      const [base, bits] = ipaddr.parseCIDR(target);
      const exact = bits === (base.kind() === 'ipv4' ? 32 : 128);
      return { kind: 'range', range: [base, bits], exact, port };
    }
    const address = parseAddress(target);
    if (address) return { kind: 'range', range: [address, address.kind() === 'ipv4' ? 32 : 128], exact: true, port };
    if (!/^[a-z0-9.-]+$/i.test(target) || target.startsWith('.')) throw new Error(`OUTBOUND_ALLOW: bad entry "${entry}"`);
    return { kind: 'host', host: normalHost(target), port };
  });
}

function inRange(address: Address, [base, bits]: [Address, number]): boolean {
  return address.kind() === base.kind() && address.match(base, bits);
}

/**
 * May a connection to `host` (as configured) at `address`:`port` go ahead? Public addresses may; others only
 * when the allow-list names them (by range or by host). Metadata addresses need an exact address entry.
 */
export function addressAllowed(rules: readonly AllowRule[], host: string, address: Address, port: number): boolean {
  const portOk = (rule: AllowRule) => rule.port === null || rule.port === port;
  const metadata = isMetadataAddress(address);
  if (!metadata && isPublicAddress(address)) return true;
  return rules.some((rule) => {
    if (!portOk(rule)) return false;
    if (rule.kind === 'host') return !metadata && rule.host === normalHost(host);
    return inRange(address, rule.range) && (!metadata || rule.exact);
  });
}
