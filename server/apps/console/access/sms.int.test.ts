import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ authorization?: string; body: any }> = [];
let receiverStatus = 200;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
const BASE = '/api/console/access/sms';

beforeAll(async () => {
  // A carrier's gateway on loopback, which this server is allowed to reach (OUTBOUND_ALLOW), nothing else is.
  receiver = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(receiverStatus).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/send`;
  platform = await startTestPlatform({ outboundAllow: ['127.0.0.1'] });
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
  receiver?.close();
});

describe('SMS accounts, signatures, templates and the send log (decision 0083)', () => {
  let sinkId: string;
  let httpId: string;
  let sinkSignature: string;
  let httpSignature: string;

  it('keeps a provider secret sealed and never answers it', async () => {
    sinkId = ok(await root.post(`${BASE}/accounts`, { name: 'Development sink', kind: 'sink' })).id;
    const created = ok(await root.post(`${BASE}/accounts`, { name: 'Gateway', kind: 'http', endpoint: receiverUrl, accessKey: 'AK1', secret: 'top-secret-value' }));
    httpId = created.id;
    expect(created).toMatchObject({ hasSecret: true, accessKey: 'AK1' });
    const listed = await root.get(`${BASE}/accounts`);
    expect(JSON.stringify(listed.body)).not.toContain('top-secret-value');
    const stored = (await owner('select secret_sealed from sms_account where id = $1', [httpId])).rows[0].secret_sealed;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('top-secret-value');
    // An edit without a secret keeps the stored one.
    ok(await root.put(`${BASE}/accounts/${httpId}`, { name: 'Gateway', kind: 'http', endpoint: receiverUrl, accessKey: 'AK2' }));
    expect((await owner('select secret_sealed from sms_account where id = $1', [httpId])).rows[0].secret_sealed).toBe(stored);
  });

  it('refuses bad accounts, signatures and templates with a clear 422, writing nothing', async () => {
    const before = (await owner('select (select count(*) from sms_account) + (select count(*) from sms_signature) + (select count(*) from sms_template) as n')).rows[0].n;
    const noEndpoint = await root.post(`${BASE}/accounts?lang=en`, { name: 'Broken', kind: 'http' });
    expect(noEndpoint.status).toBe(422);
    expect(noEndpoint.body.text).toBe('An HTTP provider needs its endpoint address.');
    expect((await root.post(`${BASE}/accounts`, { name: 'Bad', kind: 'ftp' })).status).toBe(422);
    expect((await root.post(`${BASE}/signatures?lang=en`, { accountId: '999999', text: '平台' })).body.text).toBe('The chosen SMS provider account does not exist.');
    sinkSignature = ok(await root.post(`${BASE}/signatures`, { accountId: sinkId, text: '启航平台' })).id;
    httpSignature = ok(await root.post(`${BASE}/signatures`, { accountId: httpId, text: 'QPaaS' })).id;
    const marker = await root.post(`${BASE}/templates?lang=en`, { code: 'broken', signatureId: sinkSignature, body: 'Code <%code' });
    expect(marker.status).toBe(422);
    expect(marker.body.text).toBe('A placeholder in the template is malformed: write it as <%name%>.');
    expect((await root.post(`${BASE}/templates`, { code: 'nosig', signatureId: '999999', body: 'x' })).status).toBe(422);
    const after = (await owner('select (select count(*) from sms_account) + (select count(*) from sms_signature) + (select count(*) from sms_template) as n')).rows[0].n;
    expect(Number(after)).toBe(Number(before) + 2);
  });

  it('sends through the development sink: the filled text lands in the send log only, its code masked', async () => {
    const template = ok(await root.post(`${BASE}/templates`, { code: 'login.code', signatureId: sinkSignature, body: '验证码 <%code%>，<% minutes %> 分钟内有效。' }));
    expect(template.placeholders).toEqual(['code', 'minutes']);
    const sent = await platform.kernel.sms.send('acme', { phone: '13800000000', template: 'login.code', params: { code: '4821', minutes: '5' } });
    expect(sent.status).toBe('sent');
    const log = ok(await root.get(`${BASE}/log`)).entries;
    expect(log[0]).toMatchObject({ spaceId: 'acme', account: 'Development sink', phone: '13800000000', text: '【启航平台】验证码 ****，5 分钟内有效。', status: 'sent' });
    // A value the caller names secret is masked too; the rest of the text is kept as sent.
    await platform.kernel.sms.send('acme', { phone: '13800000002', template: 'notice', params: { text: 'Your code is 902211, line 3' }, secrets: ['902211'] });
    expect(ok(await root.get(`${BASE}/log`)).entries[0]).toMatchObject({ phone: '13800000002', text: '【QPaaS】Your code is ******, line 3' });
    await owner(`delete from sms_send_log where phone = '13800000002'`);
    // Codes texted before the log masked them are masked by the console's migration 0010, in either language.
    const old = ['【QPaaS】您的验证码是 123456，10 分钟内有效。', '【QPaaS】Your verification code is 654321. It is valid for 10 minutes.'];
    for (const text of old) await owner(`insert into sms_send_log (space_id, template_code, phone, text, status) values ('acme', 'notice', '13800000003', $1, 'sent')`, [text]);
    await owner(readFileSync(new URL('../migrations/0010_sms_log_codes_masked.sql', import.meta.url), 'utf8'));
    expect((await owner(`select text from sms_send_log where phone = '13800000003' order by id`)).rows.map((r) => r.text)).toEqual([
      '【QPaaS】您的验证码是 ******，10 分钟内有效。',
      '【QPaaS】Your verification code is ******. It is valid for 10 minutes.',
    ]);
    await owner(`delete from sms_send_log where phone = '13800000003'`);
    expect(received).toHaveLength(0);
    const missing = await root.post(`${BASE}/test?lang=en`, { template: 'login.code', phone: '13800000000', params: { code: '1' } });
    expect(missing.status).toBe(422);
    expect(missing.body.text).toBe('Template parameters missing: minutes.');
    expect((await root.post(`${BASE}/test?lang=en`, { template: 'nope', phone: '13800000000', params: {} })).body.text).toBe('The SMS template nope does not exist.');
    expect(ok(await root.get(`${BASE}/log`)).entries).toHaveLength(1);
    // A keyed message (a notice delivery retried after a crash) is sent once: the second send answers the first.
    const keyed = { phone: '13800000001', template: 'login.code', params: { code: '7', minutes: '5' }, key: 'messages.acme.42' };
    const first = await platform.kernel.sms.send('acme', keyed);
    expect(await platform.kernel.sms.send('acme', keyed)).toEqual(first);
    expect(ok(await root.get(`${BASE}/log`)).entries).toHaveLength(2);
  });

  it('posts through an HTTP provider with its secret, via the outbound guard, and logs failures', async () => {
    // The seeded template platform texts go out with (decision 0089), pointed at the real provider's signature.
    const seeded = (ok(await root.get(`${BASE}/templates`)).templates as Array<{ id: string; code: string; body: string }>).find((t) => t.code === 'notice')!;
    expect(seeded.body).toBe('<%text%>');
    ok(await root.put(`${BASE}/templates/${seeded.id}`, { code: 'notice', signatureId: httpSignature, body: '<%text%>' }));
    const sent = ok(await root.post(`${BASE}/test`, { template: 'notice', phone: '+8613900000000', params: { text: 'Line 3 stopped' } }));
    expect(sent.status).toBe('sent');
    expect(received[0]).toEqual({ authorization: 'Bearer top-secret-value', body: { accessKey: 'AK2', phone: '+8613900000000', signature: 'QPaaS', text: '【QPaaS】Line 3 stopped' } });
    receiverStatus = 500;
    expect(ok(await root.post(`${BASE}/test`, { template: 'notice', phone: '13900000000', params: { text: 'again' } })).status).toBe('failed');
    receiverStatus = 200;
    // The cloud metadata address is never reached, whatever root typed.
    ok(await root.put(`${BASE}/accounts/${httpId}`, { name: 'Gateway', kind: 'http', endpoint: 'http://169.254.169.254/latest', accessKey: 'AK2' }));
    expect(ok(await root.post(`${BASE}/test`, { template: 'notice', phone: '13900000000', params: { text: 'x' } })).status).toBe('failed');
    expect(received).toHaveLength(2);
    const log = ok(await root.get(`${BASE}/log`)).entries;
    expect(log[0].status).toBe('failed');
    expect(log[0].error).toMatch(/169\.254\.169\.254|refused|not allowed/i);
    expect(log[1].error).toBe('HTTP 500');
    expect(JSON.stringify(log)).not.toContain('top-secret-value');
  });

  it('keeps an account in use, and SMS settings to root', async () => {
    const inUse = await root.delete(`${BASE}/accounts/${sinkId}?lang=en`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.text).toBe('Signatures or templates still use it: it cannot be deleted.');
    for (const path of ['accounts', 'signatures', 'templates', 'log']) expect((await admin.get(`${BASE}/${path}`)).status, path).toBe(403);
    expect((await admin.post(`${BASE}/accounts`, { name: 'Mine', kind: 'sink' })).status).toBe(403);
    expect((await admin.post(`${BASE}/test`, { template: 'notice', phone: '13900000000', params: { text: 'x' } })).status).toBe(403);
    expect((await owner(`select count(*)::int as n from sms_account where name = 'Mine'`)).rows[0].n).toBe(0);
  });
});
