/**
 * The fixed demo password of every test server (the server itself generates random ones when DEMO_PASSWORD is
 * unset). Set in the environment here so that servers started as child processes (tests/support/serve.ts, the
 * benchmarks) seed the same one.
 */
export const TEST_DEMO_PASSWORD = 'Demo@2026';
/** Every test server of a run shares one key: suites copy the run's template database (its secrets and key check). */
export const TEST_SECRET_KEY = 'qpaas-test-secret-key-of-every-test-server-0001';
process.env.DEMO_PASSWORD = TEST_DEMO_PASSWORD;
const DEMO_PASSWORD = TEST_DEMO_PASSWORD;

export interface Answer<T = any> {
  status: number;
  body: { code: number; msg: string; text?: string; params?: Record<string, unknown>; data: T };
  headers: Headers;
}

/** A cookie-keeping HTTP client for integration tests: signs in like the web app and sends the CSRF header. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  csrf: string | null = null;

  constructor(
    readonly base: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const h: Record<string, string> = { ...this.defaults, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (!['GET', 'HEAD'].includes(method) && !('x-csrf-token' in h)) h['x-csrf-token'] = this.csrf ?? 'web';
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.base + path, { method, headers: h, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    // A download (xlsx, csv) answers bytes, not JSON: its body is left out; `download()` reads such answers.
    const json = (response.headers.get('content-type') ?? '').includes('json');
    const text = json ? await response.text() : (await response.arrayBuffer(), '');
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body ?? {}, headers);
  put = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', path, body ?? {}, headers);
  patch = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', path, body ?? {}, headers);
  delete = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('DELETE', path, undefined, headers);

  /** A multipart upload as the browser sends it: `files` parts with names and bytes. */
  async upload<T = any>(path: string, files: Array<{ name: string; bytes: Buffer | Uint8Array; type?: string }>, extraHeaders: Record<string, string> = {}): Promise<Answer<T>> {
    const form = new FormData();
    for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    const headers: Record<string, string> = { ...this.defaults, 'x-csrf-token': this.csrf ?? 'web', ...extraHeaders };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const response = await fetch(this.base + path, { method: 'POST', headers, body: form });
    // A download (xlsx, csv) answers bytes, not JSON: its body is left out; `download()` reads such answers.
    const json = (response.headers.get('content-type') ?? '').includes('json');
    const text = json ? await response.text() : (await response.arrayBuffer(), '');
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  /** Raw bytes of a download (exports, failure files). */
  async download(path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
    const response = await fetch(this.base + path, { headers: { cookie: this.cookieHeader } });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
  }

  async login(loginId: string, password = DEMO_PASSWORD): Promise<Answer> {
    const answer = await this.post('/api/account/login', { loginId, password });
    if (answer.status === 200) this.csrf = answer.body.data.csrfToken;
    return answer;
  }
}

export async function signedIn(base: string, loginId: string, password = DEMO_PASSWORD): Promise<TestClient> {
  const client = new TestClient(base);
  const answer = await client.login(loginId, password);
  if (answer.status !== 200) throw new Error(`login ${loginId} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return client;
}
