import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../shared/i18n/en/common.json' with { type: 'json' };
import zh from '../../shared/i18n/zh-CN/common.json' with { type: 'json' };
import { formatMessage, type Dictionary, type MessageParams } from '../../shared/i18n/index.ts';
import { createApi, createTransport, DEFAULT_TIMEOUT_MS, TransportError, type Translate, type TransportOptions } from './transport.ts';

const dictionaryTranslate =
  (dictionary: Dictionary): Translate =>
  (key: string, params?: MessageParams) =>
    dictionary[key] === undefined ? null : formatMessage(dictionary[key], params);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A transport whose fetch records the Request and answers with `reply`. */
function setup(reply: (request: Request) => Response | Promise<Response> = () => json(200, { code: 200, msg: 'ok', data: 1 }), extra: TransportOptions = {}) {
  const requests: Request[] = [];
  // ky releases the request body once the call settles: read it while the call is in flight.
  const bodies: string[] = [];
  const onUnauthorized = vi.fn();
  const onMaintenance = vi.fn();
  const transport = createTransport({
    language: () => 'en',
    translate: dictionaryTranslate(en),
    onUnauthorized,
    onMaintenance,
    currentPath: () => '/space-abc/forms/list?x=1',
    fetch: async (input) => {
      const request = input as Request;
      requests.push(request);
      bodies.push(await request.clone().text());
      return reply(request);
    },
    ...extra,
  });
  return { transport, requests, bodies, onUnauthorized, onMaintenance };
}

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

const never = (request: Request) => new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

afterEach(() => {
  document.cookie = 'qp_csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('request conventions (spec §7)', () => {
  it('prefixes base and space, sends credentials and Accept-Language, resolves the whole answer', async () => {
    const { transport, requests } = setup(undefined, { base: '/sub/', spacePrefix: () => '/space-abc' });
    const answer = await transport.get('/napi/routes');
    expect(answer).toEqual({ code: 200, msg: 'ok', params: {}, data: 1 });
    const request = requests[0]!;
    expect(new URL(request.url).pathname).toBe('/sub/space-abc/napi/routes');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('accept-language')).toBe('en');
  });

  it('get and delete send params as query; a get with a body sends it as query', async () => {
    const { transport, requests } = setup();
    await transport.get('/a', { params: { x: 1, list: ['p', 'q'], skip: undefined } });
    await transport.delete('/b', { params: { id: 7 } });
    await transport.get('/c', { params: { x: '1' }, body: { y: 'two words' } });
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?x=1&list=p&list=q', '?id=7', '?x=1&y=two+words']);
    expect(requests[2]!.body).toBeNull();
  });

  it('post and put are form-encoded by default', async () => {
    const { transport, requests, bodies } = setup();
    await transport.post('/f', { name: 'a b', tags: ['x', 'y'], nested: { k: 1 }, none: null });
    await transport.put('/f', { n: 1 });
    expect(requests[0]!.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(bodies[0]).toBe('name=a+b&tags=x&tags=y&nested=%7B%22k%22%3A1%7D&none=');
    expect(requests[1]!.method).toBe('PUT');
    expect(bodies[1]).toBe('n=1');
  });

  it('post sends JSON when asked (json: true or a JSON Content-Type header)', async () => {
    const { transport, requests, bodies } = setup();
    await transport.post('/j', { a: [1], b: { c: true } }, { json: true });
    await transport.put('/j', { z: 1 }, { headers: { 'Content-Type': 'application/json' } });
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(bodies[0]!)).toEqual({ a: [1], b: { c: true } });
    expect(JSON.parse(bodies[1]!)).toEqual({ z: 1 });
  });

  it('sends x-csrf-token from the qp_csrf cookie on state-changing calls, "web" without one, none on GET', async () => {
    const { transport, requests } = setup();
    await transport.post('/p', {});
    document.cookie = 'qp_csrf=tok-123; path=/';
    await transport.delete('/d');
    await transport.get('/g');
    expect(requests.map((r) => r.headers.get('x-csrf-token'))).toEqual(['web', 'tok-123', null]);
  });

  it('typed api helpers call the named paths', async () => {
    const { transport, requests } = setup();
    const api = createApi(transport);
    await api.getBaseInfo();
    await api.getAppStatus();
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/napi/micro-apps/qycloudBaseInfo', '/sapi/appstore/app/status']);
  });
});

describe('transport handling (spec §8)', () => {
  it('401 sends the user to login with the current path, unless the call opts out', async () => {
    const { transport, onUnauthorized } = setup(() => json(401, { code: 401, msg: 'account.signInRequired', text: 'Sign in first' }));
    const error = await failure(transport.get('/x'));
    expect(error.code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith('/space-abc/forms/list?x=1');
    onUnauthorized.mockClear();
    await failure(transport.post('/login', {}, { ignoreUnauthorized: true }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    // Already on the login page: no redirect loop.
    const onLogin = setup(() => json(401, {}), { currentPath: () => '/home/login?url=%2Fx' });
    await failure(onLogin.transport.get('/x'));
    expect(onLogin.onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 carries code 403 and the server text, or the default no-permission message', async () => {
    const withText = setup(() => json(403, { code: 403, msg: 'space.notMember', text: 'Not a member of this space' }));
    const error = await failure(withText.transport.get('/x'));
    expect([error.code, error.message, error.msg]).toEqual([403, 'Not a member of this space', 'space.notMember']);
    const bare = setup(() => new Response('', { status: 403 }));
    expect((await failure(bare.transport.get('/x'))).message).toBe('No permission to use this function.');
    const bareZh = setup(() => new Response('', { status: 403 }), { translate: dictionaryTranslate(zh) });
    expect((await failure(bareZh.transport.get('/x'))).message).toBe('没有使用该功能的权限');
  });

  it('503 opens the maintenance page, except on the login and maintenance pages and for the app-status call', async () => {
    const down = () => json(503, { code: 503, msg: 'common.maintenance', text: 'x' });
    const normal = setup(down);
    expect((await failure(normal.transport.get('/x'))).code).toBe(503);
    expect(normal.onMaintenance).toHaveBeenCalledTimes(1);
    await failure(normal.transport.get('/sapi/appstore/app/status'));
    expect(normal.onMaintenance).toHaveBeenCalledTimes(1);
    for (const page of ['/maintenance', '/home/login?url=%2Fa', '/sub/space-abc/home/login/', '/sub/Maintenance']) {
      const onPage = setup(down, { base: '/sub', currentPath: () => page });
      await failure(onPage.transport.get('/x'));
      expect(onPage.onMaintenance, page).not.toHaveBeenCalled();
    }
  });

  it('a cancelled request raises its own message', async () => {
    const { transport } = setup(never);
    const controller = new AbortController();
    const pending = transport.get('/slow', { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect([error.code, error.kind, error.message]).toEqual([0, 'cancelled', 'The request was cancelled.']);
  });

  it('a timeout reads "timeout of {n}ms exceeded" (per-call override, 30 s default)', async () => {
    const { transport } = setup(never);
    const error = await failure(transport.get('/slow', { timeout: 25 }));
    expect([error.code, error.kind, error.message]).toEqual([0, 'timeout', 'timeout of 25ms exceeded']);
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    const short = setup(never, { timeoutMs: 15 });
    expect((await failure(short.transport.get('/slow'))).message).toBe('timeout of 15ms exceeded');
  });

  it('a network failure reads "Network Error"', async () => {
    const { transport } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(transport.post('/x', {}));
    expect([error.code, error.kind, error.message]).toEqual([0, 'network', 'Network Error']);
  });

  it('other failures read "Request failed with status code {n}" (translated when a dictionary has it)', async () => {
    const { transport } = setup(() => new Response('<html>oops</html>', { status: 500 }));
    const error = await failure(transport.get('/x'));
    expect([error.code, error.message]).toEqual([500, 'Request failed with status code 500']);
    const zhTransport = setup(() => new Response('', { status: 502 }), { translate: dictionaryTranslate(zh) }).transport;
    expect((await failure(zhTransport.get('/x'))).message).toBe('请求失败，状态码 502');
    const untranslated = setup(() => new Response('', { status: 404 }), { translate: () => null }).transport;
    expect((await failure(untranslated.get('/x'))).message).toBe('Request failed with status code 404');
  });

  it('server messages are translated when a translation exists, else the server text is shown', async () => {
    const body = { code: 400, msg: 'validation.required', params: { field: 'account.newPassword' }, text: 'server words', data: { f: 1 } };
    const known = setup(() => json(400, body), { translate: dictionaryTranslate({ 'validation.required': '<%field%> is needed', 'account.newPassword': 'New password' }) });
    const error = await failure(known.transport.post('/x', {}));
    expect([error.message, error.msg, error.data, error.params]).toEqual(['New password is needed', 'validation.required', { f: 1 }, body.params]);
    const unknown = setup(() => json(400, body), { translate: () => null });
    expect((await failure(unknown.transport.post('/x', {}))).message).toBe('server words');
  });
});
