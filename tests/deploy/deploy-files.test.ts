import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { replicaSettings } from '../../server/kernel/db/replica.ts';
import { SERVER_HEAP_MB } from '../../server/heap.ts';

/** The files of deploy/ against the code they configure (docs/deploy.md): a new setting must reach env.example. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** systemd's EnvironmentFile (and a unit's Key=value lines): comments and blank lines skipped, one layer of quotes off. */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!.trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return env;
}

/** Every variable the server reads from its environment, found in the files that read them. */
function variablesRead(): string[] {
  const files = ['server/config.ts', 'server/kernel/db/replica.ts', 'server/apps/forms/count-budget.ts', 'server/kernel/jobs/queue.ts', 'server/apps/forms/jobs/runner.ts', 'server/apps/messages/jobs.ts', 'server/apps/messages/deliver.ts'];
  const names = new Set<string>();
  for (const file of files) {
    for (const match of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9_]+)', env\./g)) names.add((match[1] ?? match[2])!);
  }
  return [...names].sort();
}

const example = read('deploy/env.example');
const env = environmentFile(example);

describe('deploy/env.example', () => {
  it('names every variable the server reads', () => {
    const names = variablesRead();
    expect(names.length).toBeGreaterThan(30);
    // PORT is the unit's instance name: the file mentions it without setting it.
    expect(names.filter((name) => !(name in env) && !(name === 'PORT' && /\bPORT\b/.test(example)))).toEqual([]);
    expect(env.PORT).toBeUndefined();
  });

  it('is a configuration the server accepts, set for a production process behind a proxy', () => {
    const config = readConfig({ ...env, PORT: '8101' });
    expect(config).toMatchObject({ port: 8101, host: '127.0.0.1', trustProxy: true, demoSeed: false, demoMqttPort: null, pushBus: null, jobs: true });
    expect(config.secretKey!.length).toBeGreaterThanOrEqual(32);
    expect(replicaSettings(env)).toBeNull();
    expect(replicaSettings({ ...env, DATABASE_READ_URL: 'postgres://qpaas@10.0.0.6:5432/qpaas' })).toMatchObject({ maxLagMs: 2000 });
  });
});

describe('deploy/qpaas@.service', () => {
  const unit = environmentFile(read('deploy/qpaas@.service'));

  it('runs the compiled server with the heap budget, and waits for the drain before it kills', () => {
    expect(unit.ExecStart).toBe(`/usr/bin/node --max-old-space-size=${SERVER_HEAP_MB} dist/server/main.js`);
    expect(unit.KillSignal).toBe('SIGTERM');
    expect(Number(unit.TimeoutStopSec)).toBeGreaterThan(Number(env.DRAIN_TIMEOUT) + Number(env.DRAIN_DELAY) + 10);
    expect(unit.User).not.toBe('root');
    expect(unit.Restart).toBe('on-failure');
  });
});

describe('deploy/haproxy.cfg and the scripts', () => {
  it('checks every process by /readyz and keeps push sockets open as tunnels', () => {
    const cfg = read('deploy/haproxy.cfg');
    expect(cfg).toMatch(/http-check send meth GET uri \/readyz/);
    expect(cfg).toMatch(/timeout tunnel \d+h/);
    expect([...cfg.matchAll(/^\s*server p(\d+) 127\.0\.0\.1:(\d+)$/gm)].map((m) => m[2])).toEqual(['8101', '8102', '8103']);
    const nginx = read('deploy/nginx.conf');
    expect([...nginx.matchAll(/^\s*server 127\.0\.0\.1:(\d+) /gm)].map((m) => m[1])).toEqual(['8101', '8102', '8103']);
  });

  it.skipIf(spawnSync('haproxy', ['-v']).status !== 0)('is a configuration HAProxy accepts (the TLS bind aside: its certificate is the operator\'s)', () => {
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-haproxy-')), 'haproxy.cfg');
    fs.writeFileSync(copy, read('deploy/haproxy.cfg').replace(/^\s*bind :443 .*$/m, ''));
    try {
      expect(() => execFileSync('haproxy', ['-c', '-q', '-f', copy], { stdio: 'pipe' })).not.toThrow();
    } finally {
      fs.rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  });

  it('backup.sh and restore.sh are executable shell scripts', () => {
    for (const script of ['deploy/backup.sh', 'deploy/restore.sh']) {
      expect(fs.statSync(path.join(ROOT, script)).mode & 0o111).not.toBe(0);
      expect(spawnSync('sh', ['-n', path.join(ROOT, script)]).status).toBe(0);
    }
  });
});
