import http from 'node:http';
import https from 'node:https';
import { AppError } from '../errors.ts';
import { parseAddress } from './addresses.ts';
import { OutboundRefused, type OutboundGuard } from './guard.ts';

export interface GuardedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Largest answer body accepted; a larger one is cut off and refused. */
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address finally answered (after redirects). */
  url: string;
  text(): string;
  json<T = unknown>(): T;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that stay with the origin they were meant for. */
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization'];

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A URL that cannot be parsed (an IPv6 zone id, a broken Location) is the configuration's fault: refused, not a 500. */
function parseUrl(address: string | URL, base?: URL): URL {
  try {
    return new URL(address, base);
  } catch {
    throw new OutboundRefused(String(address).slice(0, 100), 'url');
  }
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** One request to one URL through the guard: the connection only ever reaches checked addresses. */
async function requestOnce(guard: OutboundGuard, url: URL, init: Required<Pick<GuardedRequest, 'method' | 'maxBytes'>> & GuardedRequest, signal: AbortSignal): Promise<Hop> {
  const port = portOf(url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never reaches `lookup` (nothing to resolve): check it here.
  if (parseAddress(host)) await guard.check(host, port);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(
      url,
      { method: init.method, headers: init.headers, lookup: guard.lookupFor(port), agent: false, signal },
      (response) => {
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > init.maxBytes) {
          response.destroy();
          reject(new AppError(502, 'outbound.tooLarge', { limit: init.maxBytes }));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > init.maxBytes) {
            response.destroy();
            reject(new AppError(502, 'outbound.tooLarge', { limit: init.maxBytes }));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * fetch for user-configured addresses: http(s) only, every hop (redirects included, at most `maxRedirects`)
 * checked by the guard, one deadline for the whole exchange, answers larger than `maxBytes` refused.
 * Errors are AppErrors: `outbound.refused` (422), `outbound.timeout` (504), `outbound.tooLarge`,
 * `outbound.tooManyRedirects`, `outbound.unresolved`, `outbound.failed` (502).
 */
export async function guardedFetch(guard: OutboundGuard, address: string | URL, options: GuardedRequest = {}): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let url = parseUrl(address);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = { ...options.headers };
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(url.href.slice(0, 100), 'scheme');
    let answer: Hop;
    try {
      answer = await requestOnce(guard, url, { ...options, method, body, headers, maxBytes: options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes }, signal);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (deadline.aborted) throw new AppError(504, 'outbound.timeout', { seconds: Math.ceil(timeoutMs / 1000) });
      if (signal.aborted) throw error;
      throw new AppError(502, 'outbound.failed', { host: url.host });
    }
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || !location) {
      const final = url.href;
      return {
        ...answer,
        url: final,
        text: () => answer.body.toString('utf8'),
        json: <T>() => JSON.parse(answer.body.toString('utf8')) as T,
      };
    }
    if (hop >= maxRedirects) throw new AppError(502, 'outbound.tooManyRedirects', { limit: maxRedirects });
    const next = parseUrl(location, url);
    if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !ORIGIN_BOUND.includes(name.toLowerCase())));
    // 303 (and 301/302 after a POST, as browsers do) continue as a GET without the body.
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !['content-type', 'content-length'].includes(name.toLowerCase())));
    }
    url = next;
  }
}
