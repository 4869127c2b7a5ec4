import type { IncomingMessage } from 'node:http';

/**
 * Spec §2.1: an optional `/space-{alphanumeric id}` before any path. Matching ignores case, so the id is
 * folded to its canonical lower case (space ids are stored lower-case).
 */
const PREFIX = /^\/space-([A-Za-z0-9]{1,32})(?=\/|\?|$)/i;
const spaceOf = Symbol('spacePrefix');

type Tagged = IncomingMessage & { [spaceOf]?: string };

/** Fastify `rewriteUrl`: strips the prefix so every route answers with and without it, remembering the id. */
export function stripSpacePrefix(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const match = PREFIX.exec(url);
  if (!match) return url;
  (req as Tagged)[spaceOf] = match[1]!.toLowerCase();
  const rest = url.slice(match[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export function spacePrefixOf(req: IncomingMessage): string | null {
  return (req as Tagged)[spaceOf] ?? null;
}
