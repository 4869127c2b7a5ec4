import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { spacePrefixOf, stripSpacePrefix } from './space-prefix.ts';

const request = (url: string | undefined) => ({ url }) as IncomingMessage;

/** What Fastify's rewriteUrl would route to, and the space id remembered on the request. */
function rewrite(url: string | undefined): { url: string; space: string | null } {
  const req = request(url);
  const rewritten = stripSpacePrefix(req);
  return { url: rewritten, space: spacePrefixOf(req) };
}

describe('stripSpacePrefix / spacePrefixOf', () => {
  it('strips /space-{id} before an API path and remembers the id', () => {
    expect(rewrite('/space-acme/napi/x')).toEqual({ url: '/napi/x', space: 'acme' });
    expect(rewrite('/space-nova/api/org/departments?x=1')).toEqual({ url: '/api/org/departments?x=1', space: 'nova' });
    expect(rewrite('/space-42/x')).toEqual({ url: '/x', space: '42' });
  });

  it('matches "space-" case-insensitively and keeps the id as written', () => {
    expect(rewrite('/SPACE-Ab1/x')).toEqual({ url: '/x', space: 'ab1' });
    expect(rewrite('/Space-acme/napi/lang/json')).toEqual({ url: '/napi/lang/json', space: 'acme' });
  });

  it('turns the bare prefix into the root path', () => {
    expect(rewrite('/space-acme')).toEqual({ url: '/', space: 'acme' });
    expect(rewrite('/space-acme/')).toEqual({ url: '/', space: 'acme' });
    expect(rewrite('/space-acme?x=1')).toEqual({ url: '/?x=1', space: 'acme' });
  });

  it('leaves paths without a valid prefix untouched', () => {
    for (const url of [
      '/space-ac-me/x',
      '/spaces-acme/x',
      '/space-/x',
      '/space-ac_me/x',
      '/space-ac.me/x',
      '/space-acmé/x',
      '/space-ac%20me/x',
      '/spaceacme/x',
      '/x/space-acme/y',
      'space-acme/x',
      '/napi/x',
      '/',
    ]) {
      expect(rewrite(url), url).toEqual({ url, space: null });
    }
  });

  it('treats a missing url as the root path', () => {
    expect(rewrite(undefined)).toEqual({ url: '/', space: null });
  });

  it('remembers the id per request, not globally', () => {
    const a = request('/space-acme/x');
    const b = request('/napi/x');
    stripSpacePrefix(a);
    stripSpacePrefix(b);
    expect(spacePrefixOf(a)).toBe('acme');
    expect(spacePrefixOf(b)).toBeNull();
  });
});
