/**
 * A separate server process for multi-process tests and benchmarks, configured by the environment like
 * `npm start` (DATABASE_URL, DATA_DIR, LOG_LEVEL, DEMO_SEED) but on a free loopback port.
 * Prints `LISTENING <url>` once ready; stops on SIGTERM.
 */
import { readConfig } from '../../server/config.ts';
import { startPlatform } from '../../server/platform.ts';
import { TEST_SECRET_KEY } from './client.ts';
import { dataDirFor } from './databases.ts';
import { subscribeEventProbe } from './event-probe.ts';

const config = readConfig({ SECRET_KEY: TEST_SECRET_KEY, ...process.env });
// Without DATA_DIR, the folder the test platforms of this database use (tests/support/databases.ts).
const dataDir = !process.env.DATA_DIR && process.env.DATABASE_URL ? dataDirFor(process.env.DATABASE_URL) : config.dataDir;
const platform = await startPlatform(
  { ...config, dataDir, port: Number(process.env.PORT ?? 0), host: '127.0.0.1' },
  { ownsSignals: true, beforeListen: (kernel) => (process.env.EVENT_PROBE === '1' ? subscribeEventProbe(kernel.events, kernel.db) : undefined) },
);
// The pid lets a benchmark read the server's own peak memory (tsx runs it in a child process of its own).
process.stdout.write(`LISTENING ${platform.url} PID ${process.pid}\n`);
process.on('SIGTERM', () => {
  void platform.stop().then(() => process.exit(0));
});
