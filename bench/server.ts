import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestClient } from '../tests/support/client.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';

/**
 * The real server for a benchmark, in its own process on a fresh embedded database in a temporary folder
 * (demo seed on, logging on into a file), with one demo user signed in.
 */
export async function startBenchServer(loginId: string, env: Record<string, string> = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-'));
  fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as another user when we are root
  const logFile = path.join(work, 'server.log');
  const server = startScript(
    'tests/support/serve.ts',
    { DATA_DIR: path.join(work, 'data'), DEMO_SEED: '1', DEMO_MQTT_PORT: 'off', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', LOG_FILE: logFile, ...env },
    /LISTENING (\S+)/,
    120_000,
  );
  const stop = async () => {
    await stopProcess(server.child);
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    const base = (await server.ready)[1]!;
    const client = new TestClient(base);
    const login = await client.login(loginId);
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    return { base, client, login, work, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
