import { ROUTES } from './table.ts';
import type { RouteEntry } from './types.ts';

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
  spaceUri: string;
  spaceId: string | null;
  isCrossSpace: boolean;
  query: Record<string, string | string[]>;
}

export type PatternSegment =
  | { kind: 'literal'; value: string; lower: string }
  | { kind: 'param'; name: string; optional: boolean };

const PARAM = /^\{([A-Za-z][A-Za-z0-9_]*)(\?)?\}$/;
const SPACE_PREFIX = /^\/*space-([A-Za-z0-9]+)(?=\/|$)/i;
const SPACE_ID = /^[A-Za-z0-9]+$/;
const URL_ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** Parses a table pattern; throws on a malformed one (a table bug, caught by table.test.ts). */
export function parsePattern(pattern: string): PatternSegment[] {
  if (pattern === '') return [];
  const names = new Set<string>();
  return pattern.split('/').map((segment): PatternSegment => {
    const param = PARAM.exec(segment);
    if (param) {
      const name = param[1]!;
      if (names.has(name)) throw new Error(`Route pattern "${pattern}" repeats param "${name}"`);
      names.add(name);
      return { kind: 'param', name, optional: param[2] === '?' };
    }
    if (segment === '' || /[{}?#%\s]/.test(segment)) {
      throw new Error(`Route pattern "${pattern}" has a malformed segment "${segment}"`);
    }
    return { kind: 'literal', value: segment, lower: segment.toLowerCase() };
  });
}

/** One fixed-length shape of a pattern: each optional param is either present or absent. */
interface Variant {
  route: RouteEntry;
  /** Lower-cased literal, or null for a param position. */
  literals: (string | null)[];
  names: (string | null)[];
  literalCount: number;
  /** Params in the whole pattern, optional ones included: a static route beats one whose optionals are absent. */
  paramTotal: number;
  order: number;
}

interface Bucket {
  byFirst: Map<string, Variant[]>;
  paramFirst: Variant[];
}

interface CompiledTable {
  byLength: Map<number, Bucket>;
}

/** Keyed by array identity: a route table is treated as immutable once matched against. */
const tableCache = new WeakMap<readonly RouteEntry[], CompiledTable>();
const patternCache = new WeakMap<RouteEntry, PatternSegment[]>();

function segmentsOf(route: RouteEntry): PatternSegment[] {
  let segments = patternCache.get(route);
  if (!segments) {
    segments = parsePattern(route.pattern);
    patternCache.set(route, segments);
  }
  return segments;
}

function variantsOf(route: RouteEntry, order: number): Variant[] {
  const segments = segmentsOf(route);
  const paramTotal = segments.filter((s) => s.kind === 'param').length;
  let shapes: PatternSegment[][] = [[]];
  for (const segment of segments) {
    const withIt = shapes.map((shape) => [...shape, segment]);
    shapes = segment.kind === 'param' && segment.optional ? [...withIt, ...shapes] : withIt;
  }
  return shapes.map((shape, shapeIndex) => ({
    route,
    literals: shape.map((s) => (s.kind === 'literal' ? s.lower : null)),
    names: shape.map((s) => (s.kind === 'param' ? s.name : null)),
    literalCount: shape.filter((s) => s.kind === 'literal').length,
    paramTotal,
    order: order + shapeIndex / shapes.length,
  }));
}

/**
 * More literal segments first (so `etl/taskflow/job` beats a param route, and static beats param); at equal count
 * the literal further left wins, then the pattern with fewer params, then table order.
 */
function compareVariants(a: Variant, b: Variant): number {
  if (a.literalCount !== b.literalCount) return b.literalCount - a.literalCount;
  for (let i = 0; i < a.literals.length; i++) {
    const aLit = a.literals[i] !== null;
    const bLit = b.literals[i] !== null;
    if (aLit !== bLit) return aLit ? -1 : 1;
  }
  if (a.paramTotal !== b.paramTotal) return a.paramTotal - b.paramTotal;
  return a.order - b.order;
}

function compile(routes: readonly RouteEntry[]): CompiledTable {
  const cached = tableCache.get(routes);
  if (cached) return cached;
  const byLength = new Map<number, Bucket>();
  routes.forEach((route, index) => {
    for (const variant of variantsOf(route, index)) {
      let bucket = byLength.get(variant.literals.length);
      if (!bucket) {
        bucket = { byFirst: new Map(), paramFirst: [] };
        byLength.set(variant.literals.length, bucket);
      }
      const first = variant.literals[0];
      if (first === undefined || first === null) {
        bucket.paramFirst.push(variant);
      } else {
        const list = bucket.byFirst.get(first) ?? [];
        list.push(variant);
        bucket.byFirst.set(first, list);
      }
    }
  });
  for (const bucket of byLength.values()) {
    bucket.paramFirst.sort(compareVariants);
    for (const list of bucket.byFirst.values()) list.sort(compareVariants);
  }
  const table = { byLength };
  tableCache.set(routes, table);
  return table;
}

/** Splits an optional `/space-{id}` prefix off a path. The id keeps its case; `space-` may be in any case. */
export function splitSpacePrefix(path: string): { spaceUri: string; spaceId: string | null; rest: string } {
  const prefix = SPACE_PREFIX.exec(path);
  if (!prefix) return { spaceUri: '', spaceId: null, rest: path };
  // Space ids are case-insensitive; their canonical form is lower case (as the server stores them).
  const spaceId = prefix[1]!.toLowerCase();
  return { spaceUri: `/space-${spaceId}`, spaceId, rest: path.slice(prefix[0].length) || '/' };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Lists are sorted by priority, so the first fit is the best one of that list. */
function firstMatch(list: readonly Variant[] | undefined, lowered: readonly string[], spacedOnly: boolean) {
  return list?.find(
    (variant) =>
      (!spacedOnly || variant.route.spaced) &&
      variant.literals.every((literal, i) => literal === null || literal === lowered[i]),
  );
}

function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[key] = [existing, value];
  }
  return query;
}

/** Spec §2.1 matching. Returns null when nothing matches or a segment is malformed; never throws on input. */
export function matchRoute(
  url: string,
  options: { ownSpaceId: string | null; routes?: readonly RouteEntry[] },
): RouteMatch | null {
  const withoutHash = url.replace(URL_ORIGIN, '').split('#', 1)[0]!;
  const queryAt = withoutHash.indexOf('?');
  const rawPath = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : withoutHash.slice(queryAt + 1);

  const { spaceUri, spaceId: prefixId, rest } = splitSpacePrefix(rawPath);
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    if (raw === '') continue;
    const decoded = decodeSegment(raw);
    if (decoded === null) return null;
    segments.push(decoded);
  }

  const bucket = compile(options.routes ?? ROUTES).byLength.get(segments.length);
  if (!bucket) return null;
  // A space prefix is only accepted on spaced routes: an operator page behind one does not match.
  const spacedOnly = prefixId !== null;
  const lowered = segments.map((segment) => segment.toLowerCase());
  const first = lowered[0];
  const literalFirst = first === undefined ? undefined : firstMatch(bucket.byFirst.get(first), lowered, spacedOnly);
  const paramFirst = firstMatch(bucket.paramFirst, lowered, spacedOnly);
  const best =
    literalFirst && paramFirst
      ? compareVariants(literalFirst, paramFirst) <= 0
        ? literalFirst
        : paramFirst
      : (literalFirst ?? paramFirst);
  if (!best) return null;

  const params: Record<string, string> = {};
  best.names.forEach((name, i) => {
    if (name !== null) params[name] = segments[i]!;
  });
  const spaceId = prefixId ?? options.ownSpaceId;
  return {
    route: best.route,
    params,
    spaceUri,
    spaceId,
    isCrossSpace: prefixId !== null && prefixId !== options.ownSpaceId,
    query: parseQuery(search),
  };
}

function encodeParam(value: string): string {
  // A bare "." or ".." segment would be collapsed by URL normalisation; keep it as data.
  return /^\.{1,2}$/.test(value) ? value.replace(/\./g, '%2E') : encodeURIComponent(value);
}

/** Inverse of matchRoute: fills and encodes params, and prefixes `/space-{id}` for spaced routes when given. */
export function buildPath(route: RouteEntry, params: Record<string, string>, spaceId?: string | null): string {
  const parts: string[] = [];
  for (const segment of segmentsOf(route)) {
    if (segment.kind === 'literal') {
      parts.push(segment.value);
      continue;
    }
    const value = params[segment.name];
    if (value === undefined || value === '') {
      if (segment.optional) continue;
      throw new Error(`Route ${route.id} needs param "${segment.name}"`);
    }
    parts.push(encodeParam(value));
  }
  const path = `/${parts.join('/')}`;
  if (!spaceId || !route.spaced) return path;
  if (!SPACE_ID.test(spaceId)) throw new Error(`Invalid space id "${spaceId}"`);
  return `/space-${spaceId}${path === '/' ? '' : path}`;
}
