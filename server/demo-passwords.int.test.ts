import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../tests/support/client.ts';
import { createTestDatabase, dropTestDatabase } from '../tests/support/platform.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';
import { readConfig } from './config.ts';
import { DEMO_PASSWORDS_FILE } from './demo-passwords.ts';
import { DEMO_LOGINS } from './demo-seed.ts';

let databaseUrl: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-demo-'));

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});
afterAll(async () => {
  await dropTestDatabase(databaseUrl);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s entry point as an operator runs it: no DEMO_PASSWORD. Returns what it printed and its address. */
async function start() {
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_PASSWORD: '' };
  const started = startScript('server/main.ts', env, /[\s\S]*Space-scoped paths: (\S+)\/space-acme[^\n]*\n/);
  const [printed, url] = await started.ready;
  return { child: started.child, printed: printed!, url: url! };
}

describe('demo passwords', () => {
  it('a first start generates random ones, prints them once, keeps them in an owner-only file; the old fixed one does not work', async () => {
    const first = await start();
    try {
      const file = path.join(dataDir, DEMO_PASSWORDS_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const kept = fs.readFileSync(file, 'utf8');
      const passwords = new Map<string, string>();
      for (const login of DEMO_LOGINS) {
        const printedLine = new RegExp(`^\\s*${login.loginId.replace('.', '\\.')}\\s+(\\S+)\\s+space`, 'm').exec(first.printed);
        expect(printedLine, login.loginId).not.toBeNull();
        const password = printedLine![1]!;
        expect(password.length).toBeGreaterThanOrEqual(16);
        expect(kept).toContain(password);
        passwords.set(login.loginId, password);
      }
      expect(new Set(passwords.values()).size).toBe(DEMO_LOGINS.length);
      expect(fs.existsSync(`${file}.pending`)).toBe(false);

      const guest = new TestClient(first.url);
      expect((await guest.login('acme.admin', 'Demo@2026')).status).toBe(401);
      expect((await guest.login('acme.admin', passwords.get('acme.admin'))).status).toBe(200);
      // Space isolation holds for the generated logins as for any other.
      expect((await guest.get('/space-nova/api/org/departments')).status).toBe(403);
    } finally {
      await stopProcess(first.child);
    }
  });

  it('a later start prints no password and leaves the file as it was', async () => {
    const file = path.join(dataDir, DEMO_PASSWORDS_FILE);
    const before = fs.readFileSync(file, 'utf8');
    const again = await start();
    try {
      const firstPassword = /^root\s+(\S+)/m.exec(before)![1]!;
      expect(again.printed).not.toContain(firstPassword);
      expect(again.printed).toContain(file);
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
    } finally {
      await stopProcess(again.child);
    }
  });

  it('DEMO_PASSWORD sets one fixed password; a short one is refused at start', () => {
    expect(readConfig({ DEMO_PASSWORD: 'Fixed@2026' }).demoPassword).toBe('Fixed@2026');
    expect(readConfig({}).demoPassword).toBeNull();
    expect(() => readConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
  });
});
