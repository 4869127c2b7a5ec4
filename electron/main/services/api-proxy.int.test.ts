import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../server/platform.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { proxyApiRequest } from './api-proxy.ts';

let platform: Platform;
let user: TestClient;
let nova: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [user, nova] = await Promise.all([signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.user')]);
});
afterAll(async () => {
  await platform?.stop();
});

const proxy = (client: TestClient, request: Request) =>
  proxyApiRequest(request, { serverUrl: platform.url, cookie: () => client.cookieHeader, fetch: (url, init) => fetch(url, init) });

describe('desktop file transfers through the main process (app:// → server)', () => {
  it('uploads a multipart file with the session and its CSRF token, and downloads its bytes', async () => {
    const form = new FormData();
    form.append('files', new Blob([Buffer.from('line 1\nline 2\n')], { type: 'text/plain' }), 'notes.txt');
    const uploaded = await proxy(user, new Request('app://renderer/api/forms/files?purpose=attachment', { method: 'POST', body: form }));
    expect(uploaded?.status).toBe(200);
    const { data } = (await uploaded!.json()) as { data: { files: Array<{ fileId: string; name: string }> } };
    expect(data.files[0]!.name).toBe('notes.txt');
    const download = await proxy(user, new Request(`app://renderer/space-acme/api/forms/files/${data.files[0]!.fileId}`));
    expect(download?.status).toBe(200);
    expect(download!.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await download!.arrayBuffer()).toString()).toBe('line 1\nline 2\n');
    // Another space's session gets nothing of it.
    expect((await proxy(nova, new Request(`app://renderer/api/forms/files/${data.files[0]!.fileId}`)))?.status).toBe(404);
  });

  it('leaves the renderer’s own files alone and refuses a write without a session', async () => {
    expect(await proxy(user, new Request('app://renderer/assets/index.js'))).toBeNull();
    expect(await proxy(user, new Request('app://renderer/app/!/1/2'))).toBeNull();
    const anonymous = await proxyApiRequest(new Request('app://renderer/api/forms/files?purpose=attachment', { method: 'POST', body: new FormData() }), {
      serverUrl: platform.url,
      cookie: () => '',
      fetch: (url, init) => fetch(url, init),
    });
    expect(anonymous?.status).toBe(401);
  });
});
