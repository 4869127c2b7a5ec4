import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { readConfig } from '../../config.ts';
import { OutboundGuard, OutboundRefused, guardedFetch, isPublicAddress, openGuardedSocket, parseAddress, parseAllowList } from './index.ts';

interface Local {
  server: http.Server;
  port: number;
  hits: string[];
}

/** A local HTTP server that records every request it gets (a refused fetch must never reach it). */
async function localServer(handler: (req: http.IncomingMessage, res: http.ServerResponse, port: number) => void): Promise<Local> {
  const hits: string[] = [];
  const local = { hits } as Local;
  local.server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res, local.port);
  });
  await new Promise<void>((resolve) => local.server.listen(0, '127.0.0.1', resolve));
  local.port = (local.server.address() as AddressInfo).port;
  return local;
}

let target: Local; // allowed only where a test says so
let forbidden: Local; // never allowed
beforeAll(async () => {
  forbidden = await localServer((_req, res) => res.end('internal secret'));
  target = await localServer((req, res, port) => {
    if (req.url === '/hello') res.end('hello');
    else if (req.url === '/to-forbidden') res.writeHead(302, { location: `http://127.0.0.1:${forbidden.port}/` }).end();
    else if (req.url === '/to-localhost') res.writeHead(307, { location: `http://localhost:${forbidden.port}/` }).end();
    else if (req.url === '/to-metadata') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (req.url === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else if (req.url === '/loop') res.writeHead(302, { location: `http://127.0.0.1:${port}/loop` }).end();
    else if (req.url === '/big') res.end(Buffer.alloc(2 * 1024 * 1024, 120));
    else if (req.url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && res.write(chunk)) sent += 1;
        if (sent < 40) res.once('drain', pump);
        else res.end();
      };
      pump();
    } else if (req.url === '/slow') setTimeout(() => res.end('late'), 5_000);
    else res.end('ok');
  });
});
afterAll(() => {
  target.server.closeAllConnections();
  target.server.close();
  forbidden.server.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('which addresses are public', () => {
  it('refuses loopback, private, CGNAT, link-local, unique-local, unspecified, multicast, reserved, mapped and translated forms', () => {
    const refused = ['127.0.0.1', '127.255.0.9', '10.2.3.4', '172.16.0.1', '192.168.1.1', '100.64.0.1', '100.100.100.200', '169.254.169.254', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1', '240.0.0.1', '::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::7f00:1',
      'fd00:ec2::254', 'fc00::1', 'fe80::1', 'ff02::1', '2001:db8::1', '2002:7f00:1::', '64:ff9b::7f00:1', '2001::1', 'fec0::1', '100::1'];
    for (const text of refused) expect(isPublicAddress(parseAddress(text)!), text).toBe(false);
    for (const text of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPublicAddress(parseAddress(text)!), text).toBe(true);
  });

  it('checks a literal public address without any DNS, and reads the operator allow-list strictly', async () => {
    const guard = new OutboundGuard([], () => Promise.reject(new Error('no DNS here')));
    expect(await guard.check('8.8.8.8', 53)).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow(/OUTBOUND_ALLOW/);
    expect(() => parseAllowList(['bad host!'])).toThrow(/OUTBOUND_ALLOW/);
    expect(() => parseAllowList(['host:0'])).toThrow(/OUTBOUND_ALLOW/);
  });
});

describe('guardedFetch', () => {
  it('refuses every spelling of loopback, and names that resolve to it, before reaching the server', async () => {
    const guard = new OutboundGuard();
    const p = forbidden.port;
    const tricks = [`http://127.0.0.1:${p}/`, `http://2130706433:${p}/`, `http://0x7f.1:${p}/`, `http://0x7f000001:${p}/`, `http://017700000001:${p}/`, `http://127.1:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`, `http://[::ffff:7f00:1]:${p}/`, `http://[::1]:${p}/`, `http://[::]:${p}/`, `http://0:${p}/`, `http://0.0.0.0:${p}/`,
      `http://localhost:${p}/`, `http://localhost.:${p}/`, `http://LOCALHOST:${p}/`, `http://[::127.0.0.1]:${p}/`];
    for (const url of tricks) {
      const error = await refusal(guardedFetch(guard, url));
      expect(error.key, url).toBe('outbound.refused');
      expect(error.status).toBe(422);
    }
    expect(forbidden.hits).toEqual([]);
  });

  it('refuses cloud metadata addresses and other schemes', async () => {
    const guard = new OutboundGuard();
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://100.100.100.200/', 'http://10.0.0.1/', 'http://[fe80::1]/'])
      expect((await refusal(guardedFetch(guard, url, { timeoutMs: 2_000 }))).key, url).toBe('outbound.refused');
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:70/', 'http://[fe80::1%25eth0]/', 'http://exa mple.com/', 'not a url'])
      expect((await refusal(guardedFetch(guard, url))).key, url).toBe('outbound.refused');
  });

  it('reaches an allow-listed address; a redirect from it to anything not allowed is refused on that hop', async () => {
    const guard = new OutboundGuard([`127.0.0.1:${target.port}`]);
    const answer = await guardedFetch(guard, `http://127.0.0.1:${target.port}/hello`);
    expect(answer.status).toBe(200);
    expect(answer.text()).toBe('hello');
    for (const path of ['/to-forbidden', '/to-localhost', '/to-metadata', '/to-file'])
      expect((await refusal(guardedFetch(guard, `http://127.0.0.1:${target.port}${path}`))).key, path).toBe('outbound.refused');
    expect(forbidden.hits).toEqual([]);
  });

  it('allow-listing a range still keeps metadata out; only an exact entry lets it in', () => {
    const wide = new OutboundGuard(['169.254.0.0/16', '100.64.0.0/10']);
    return Promise.all([
      expect(wide.check('169.254.169.254', 80)).rejects.toBeInstanceOf(OutboundRefused),
      expect(wide.check('100.100.100.200', 80)).rejects.toBeInstanceOf(OutboundRefused),
      expect(wide.check('169.254.10.10', 80)).resolves.toHaveLength(1),
      expect(new OutboundGuard(['169.254.169.254']).check('169.254.169.254', 80)).resolves.toHaveLength(1),
    ]);
  });

  it('limits redirects, answer size (declared or streamed) and time', async () => {
    const guard = new OutboundGuard([`127.0.0.1:${target.port}`]);
    const base = `http://127.0.0.1:${target.port}`;
    expect((await refusal(guardedFetch(guard, `${base}/loop`, { maxRedirects: 3 }))).key).toBe('outbound.tooManyRedirects');
    expect((await refusal(guardedFetch(guard, `${base}/big`, { maxBytes: 1024 * 1024 }))).key).toBe('outbound.tooLarge');
    expect((await refusal(guardedFetch(guard, `${base}/big-chunked`, { maxBytes: 1024 * 1024 }))).key).toBe('outbound.tooLarge');
    const started = Date.now();
    expect((await refusal(guardedFetch(guard, `${base}/slow`, { timeoutMs: 300 }))).key).toBe('outbound.timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('DNS: the connection goes to the address that was checked', () => {
  it('resolves once per connection and connects to that answer (no second lookup to rebind)', async () => {
    let lookups = 0;
    // The operating system cannot resolve this name: a connection reaches the server only through the checked answer.
    const guard = new OutboundGuard([`127.0.0.1:${target.port}`], async (host) => {
      lookups += 1;
      if (host !== 'rebind.test') throw new Error('unknown');
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    });
    const answer = await guardedFetch(guard, `http://rebind.test:${target.port}/hello`);
    expect(answer.text()).toBe('hello');
    expect(lookups).toBe(1);
    // The next connection asks again and gets the internal address: refused.
    expect((await refusal(guardedFetch(guard, `http://rebind.test:${target.port}/hello`))).key).toBe('outbound.refused');
  });

  it('a name with one forbidden address among public ones is refused whole', async () => {
    const guard = new OutboundGuard([], async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(guard.check('mixed.test', 80)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('lookupFor serves socket clients (SMTP and the like) with checked addresses only', async () => {
    const guard = new OutboundGuard();
    const lookup = guard.lookupFor(25);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', { all: true }, (err) => resolve(err)));
    expect(error).toBeInstanceOf(OutboundRefused);
  });
});

describe('socket clients and the operator setting', () => {
  it('openGuardedSocket refuses loopback by name and by literal, and connects to an allowed one', async () => {
    const guard = new OutboundGuard([`127.0.0.1:${target.port}`]);
    for (const host of ['localhost', '127.0.0.1', '[::1]', '2130706433'])
      expect((await refusal(openGuardedSocket(guard, host, forbidden.port))).key, host).toBe('outbound.refused');
    const socket = await openGuardedSocket(guard, '127.0.0.1', target.port);
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
  });

  it('OUTBOUND_ALLOW is read from the environment; a bad entry stops the start', () => {
    expect(readConfig({ OUTBOUND_ALLOW: ' 10.0.0.0/8, smtp.corp.example:587 ,[fd00::1]:443' }).outboundAllow).toEqual(['10.0.0.0/8', 'smtp.corp.example:587', '[fd00::1]:443']);
    expect(() => new OutboundGuard(readConfig({ OUTBOUND_ALLOW: 'not a host' }).outboundAllow)).toThrow(/OUTBOUND_ALLOW/);
    const guard = new OutboundGuard(readConfig({ OUTBOUND_ALLOW: 'smtp.corp.example:587' }).outboundAllow, async () => [{ address: '10.1.2.3', family: 4 }]);
    return Promise.all([
      expect(guard.check('smtp.corp.example', 587)).resolves.toEqual([{ address: '10.1.2.3', family: 4 }]),
      expect(guard.check('smtp.corp.example', 25)).rejects.toBeInstanceOf(OutboundRefused),
      expect(guard.check('other.corp.example', 587)).rejects.toBeInstanceOf(OutboundRefused),
    ]);
  });
});
