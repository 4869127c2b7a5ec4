import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, parsePattern, splitSpacePrefix } from './match.ts';
import { ROUTES } from './table.ts';
import type { RouteEntry } from './types.ts';

const OWN = 'ab12';
const match = (url: string, ownSpaceId: string | null = OWN) => matchRoute(url, { ownSpaceId });
const idOf = (url: string, ownSpaceId: string | null = OWN) => match(url, ownSpaceId)?.route.id ?? null;
const byId = (id: string): RouteEntry => {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`no route ${id}`);
  return route;
};
const custom = (...patterns: string[]): RouteEntry[] =>
  patterns.map((pattern, i) => ({
    id: `forms.r${i}`,
    app: 'forms',
    pattern,
    title: `routes.forms.r${i}`,
    page: `forms/R${i}Page`,
    layout: 'index',
    roles: [],
    spaced: true,
    status: 'planned',
  }));

describe('matchRoute', () => {
  it('matches literal segments case-insensitively', () => {
    expect(idOf('/ETL/TaskFlow/JOB')).toBe('etl.taskflowJob');
    expect(idOf('/appCENTER')).toBe('appcenter.home');
    expect(idOf('/Root/OPNOTICE')).toBe('console.opNotice');
  });

  it('ignores trailing slashes and collapses duplicate slashes', () => {
    expect(idOf('/etl/taskflow/')).toBe('etl.taskflow');
    expect(idOf('/etl/taskflow///')).toBe('etl.taskflow');
    expect(idOf('//etl//taskflow')).toBe('etl.taskflow');
    expect(idOf('etl/taskflow')).toBe('etl.taskflow');
  });

  it('without a space prefix uses the own space and is not cross-space', () => {
    expect(match('/appcenter')).toMatchObject({ spaceUri: '', spaceId: OWN, isCrossSpace: false });
    expect(match('/appcenter', null)).toMatchObject({ spaceUri: '', spaceId: null, isCrossSpace: false });
  });

  it('accepts the own space prefix', () => {
    const m = match('/space-ab12/appcenter/appsystem/s1/');
    expect(m).toMatchObject({ spaceUri: '/space-ab12', spaceId: 'ab12', isCrossSpace: false });
    expect(m?.route.id).toBe('appcenter.system');
    expect(m?.params).toEqual({ appId: 's1' });
  });

  it('marks a foreign space prefix as cross-space; ids ignore case (folded to lower case)', () => {
    expect(match('/space-Zz9/appcenter')).toMatchObject({ spaceId: 'zz9', isCrossSpace: true });
    expect(match('/SPACE-AB12/appcenter')).toMatchObject({
      spaceUri: '/space-ab12',
      spaceId: 'ab12',
      isCrossSpace: false,
    });
    expect(match('/space-ab12/appcenter', null)).toMatchObject({ spaceId: 'ab12', isCrossSpace: true });
  });

  it('does not match root/operator pages behind a space prefix', () => {
    expect(idOf('/root/opNotice')).toBe('console.opNotice');
    expect(match('/root/opNotice')?.spaceUri).toBe('');
    expect(idOf('/space-Ab12/root/opNotice')).toBeNull();
    expect(idOf('/space-Ab12/sysop/user/edit')).toBeNull();
    expect(idOf('/space-Ab12/appstore/setupbanner')).toBeNull();
    // The §2.6 sysop pages are enterprise pages, so they do take a prefix; root's enterprise list does not.
    expect(idOf('/space-Ab12/sysop/structure')).toBe('org.structure');
    expect(idOf('/sysop/enterprise')).toBe('console.enterprises');
    expect(idOf('/space-Ab12/sysop/enterprise')).toBeNull();
  });

  it('fills optional params when present and leaves them out when absent', () => {
    expect(match('/user/workbench')?.params).toEqual({});
    expect(match('/user/workbench/w7')?.params).toEqual({ id: 'w7' });
    expect(match('/app/!/a1')).toMatchObject({ route: { id: 'forms.appView' }, params: { appId: 'a1' } });
    expect(match('/app/!/m1/a1')?.params).toEqual({ module: 'm1', appId: 'a1' });
    expect(match('/ruledesigner/designer/r1/s1')?.params).toEqual({ id: 'r1', systemId: 's1' });
    expect(match('/ruledesigner/designer/r1/s1/v3')?.params).toEqual({ id: 'r1', systemId: 's1', releaseId: 'v3' });
    expect(match('/crm/detail')).toMatchObject({ route: { id: 'forms.detail' }, params: { app: 'crm' } });
    expect(match('/crm/detail/f2')?.params).toEqual({ app: 'crm', form: 'f2' });
    expect(idOf('/ruledesigner/designer/r1')).toBeNull();
  });

  it('matches literal "!" segments literally', () => {
    expect(match('/esb/config/!/c1')).toMatchObject({ route: { id: 'gateway.config' }, params: { cid: 'c1' } });
    expect(idOf('/esb/config/x/c1')).toBeNull();
    expect(idOf('/app/x/m1/a1')).toBeNull();
    expect(match('/form/app/setting/!/t/a/1/tb')?.params).toEqual({
      appType: 't',
      appId: 'a',
      version: '1',
      tableId: 'tb',
    });
  });

  it('decodes params', () => {
    expect(match('/appcenter/appsystem/a%20b%2Fc%C3%A9')?.params).toEqual({ appId: 'a b/cé' });
  });

  it('returns null for a malformed percent-encoding instead of throwing', () => {
    expect(() => match('/appcenter/appsystem/%E0%A4%A')).not.toThrow();
    expect(match('/appcenter/appsystem/%E0%A4%A')).toBeNull();
    expect(match('/space-Ab12/esb/config/!/%zz')).toBeNull();
    // Neither dropped nor skipped: without the bad segment these would match appcenter.home and portal.workbench.
    expect(match('/appcenter/%E0%A4%A')).toBeNull();
    expect(match('/user/workbench/%zz')).toBeNull();
  });

  it('returns null for unknown paths', () => {
    expect(match('/nope')).toBeNull();
    expect(match('/')).toBeNull();
    expect(match('/etl/taskflow/job/extra')).toBeNull();
  });

  it('parses the query string; repeated keys give arrays; the hash is ignored', () => {
    const m = match('/space-Ab12/dataview/viewer?id=9&tag=a&tag=b&__NAKED__=1#tag=c');
    expect(m?.route.id).toBe('dashboards.viewer');
    expect(m?.query).toEqual({ id: '9', tag: ['a', 'b'], __NAKED__: '1' });
    const login = match('/home/login?url=%2Fspace-Ab12%2Fappcenter%3Fx%3D1');
    expect(login?.query).toEqual({ url: '/space-Ab12/appcenter?x=1' });
    expect(match('/appcenter')?.query).toEqual({});
    expect(match('/appcenter#/x?y=1')?.route.id).toBe('appcenter.home');
  });

  it('accepts a full URL', () => {
    expect(matchRoute('https://example.com/space-Ab12/appcenter?x=1', { ownSpaceId: OWN })).toMatchObject({
      route: { id: 'appcenter.home' },
      spaceId: 'ab12',
      query: { x: '1' },
    });
  });

  it('prefers the pattern with more literal segments, whatever the table order', () => {
    const routes = custom('etl/taskflow/{id}', 'etl/taskflow/job');
    expect(matchRoute('/etl/taskflow/job', { ownSpaceId: OWN, routes })?.route.pattern).toBe('etl/taskflow/job');
    expect(matchRoute('/etl/taskflow/7', { ownSpaceId: OWN, routes })?.params).toEqual({ id: '7' });
    const reversed = [...routes].reverse();
    const reversedMatch = matchRoute('/etl/taskflow/job', { ownSpaceId: OWN, routes: reversed });
    expect(reversedMatch?.route.pattern).toBe('etl/taskflow/job');
  });

  it('prefers a static route over a param route that could also match', () => {
    const routes = custom('{app}/list', 'a/b/{x?}', 'news/list', 'a/b');
    expect(matchRoute('/news/list', { ownSpaceId: OWN, routes })?.route.pattern).toBe('news/list');
    expect(matchRoute('/a/b', { ownSpaceId: OWN, routes })?.route.pattern).toBe('a/b');
    expect(matchRoute('/a/b/c', { ownSpaceId: OWN, routes })?.route.pattern).toBe('a/b/{x?}');
  });

  it('at equal literal count prefers the literal further left', () => {
    const routes = custom('{y}/b', 'a/{x}');
    expect(matchRoute('/a/b', { ownSpaceId: OWN, routes })?.route.pattern).toBe('a/{x}');
    expect(matchRoute('/c/b', { ownSpaceId: OWN, routes })?.route.pattern).toBe('{y}/b');
  });

  it('matches in the real table: a literal route is not captured by the {app}/detail route', () => {
    expect(idOf('/app/monitor')).toBe('forms.monitor');
    expect(idOf('/app/detail')).toBe('forms.detail');
  });

  it('compiles a route table once and reuses it', () => {
    let reads = 0;
    const base = custom('a/{x}', 'b');
    const routes = new Proxy(base, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(matchRoute('/a/1', { ownSpaceId: OWN, routes })?.params).toEqual({ x: '1' });
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(matchRoute('/b', { ownSpaceId: OWN, routes })?.route.pattern).toBe('b');
    expect(matchRoute('/a/2', { ownSpaceId: OWN, routes })?.params).toEqual({ x: '2' });
    expect(reads).toBe(afterFirst);
  });
});

describe('splitSpacePrefix', () => {
  it('splits a space prefix and folds the id to lower case', () => {
    expect(splitSpacePrefix('/space-Ab12/x')).toEqual({ spaceUri: '/space-ab12', spaceId: 'ab12', rest: '/x' });
    expect(splitSpacePrefix('/Space-Ab12/x/y')).toEqual({ spaceUri: '/space-ab12', spaceId: 'ab12', rest: '/x/y' });
    expect(splitSpacePrefix('/space-ab12')).toEqual({ spaceUri: '/space-ab12', spaceId: 'ab12', rest: '/' });
  });

  it('leaves paths without a valid prefix alone', () => {
    for (const path of ['/x/space-Ab12', '/space-/x', '/spaceAb12/x', '/space-a_b/x', '/space-Ab12x!/y', '/']) {
      expect(splitSpacePrefix(path)).toEqual({ spaceUri: '', spaceId: null, rest: path });
    }
  });
});

describe('buildPath', () => {
  it('builds paths with encoded params and the space prefix for spaced routes', () => {
    expect(buildPath(byId('appcenter.system'), { appId: 'a b/é' })).toBe('/appcenter/appsystem/a%20b%2F%C3%A9');
    expect(buildPath(byId('appcenter.system'), { appId: 'x' }, 'Ab12')).toBe('/space-Ab12/appcenter/appsystem/x');
    expect(buildPath(byId('gateway.config'), { cid: 'c1' })).toBe('/esb/config/!/c1');
    expect(buildPath(byId('forms.appView'), { appId: 'a1' })).toBe('/app/!/a1');
    expect(buildPath(byId('console.opNotice'), {}, 'Ab12')).toBe('/root/opNotice');
  });

  it('rejects a missing required param and an invalid space id', () => {
    expect(() => buildPath(byId('appcenter.system'), {})).toThrow(/appId/);
    expect(() => buildPath(byId('appcenter.home'), {}, 'bad/id')).toThrow();
  });

  it('round-trips through matchRoute for every route, with and without optionals and a space', () => {
    const tricky = (name: string) => `${name} ?#%/é.`;
    let checked = 0;
    for (const route of ROUTES) {
      const segments = parsePattern(route.pattern);
      const full: Record<string, string> = {};
      const required: Record<string, string> = {};
      for (const s of segments) {
        if (s.kind !== 'param') continue;
        full[s.name] = tricky(s.name);
        if (!s.optional) required[s.name] = tricky(s.name);
      }
      for (const params of [full, required]) {
        for (const space of [null, 'zz9']) {
          const m = matchRoute(`${buildPath(route, params, space)}?q=1`, { ownSpaceId: OWN });
          expect(m?.route.id).toBe(route.id);
          expect(m?.params).toEqual(params);
          expect(m?.spaceId).toBe(space && route.spaced ? space : OWN);
          expect(m?.isCrossSpace).toBe(Boolean(space && route.spaced));
          checked++;
        }
      }
    }
    expect(checked).toBe(ROUTES.length * 4);
  });

  it('keeps dot-only param values as data', () => {
    const path = buildPath(byId('appcenter.system'), { appId: '..' });
    expect(path).toBe('/appcenter/appsystem/%2E%2E');
    expect(matchRoute(path, { ownSpaceId: OWN })?.params).toEqual({ appId: '..' });
  });
});

describe('parsePattern', () => {
  it('rejects malformed patterns', () => {
    expect(() => parsePattern('a//b')).toThrow();
    expect(() => parsePattern('a/{b')).toThrow();
    expect(() => parsePattern('a/{x}/{x?}')).toThrow();
    expect(parsePattern('a/!/{b?}')).toEqual([
      { kind: 'literal', value: 'a', lower: 'a' },
      { kind: 'literal', value: '!', lower: '!' },
      { kind: 'param', name: 'b', optional: true },
    ]);
  });
});
