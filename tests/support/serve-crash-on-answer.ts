/**
 * A server process like serve.ts that dies (SIGKILL, from inside) as its first write's answer is about to leave:
 * after that write's transaction has committed, before any of the answer is sent or stored after the commit — the
 * window in which a keyed write's answer used to be lost (decision 0108). `kernel.writeAnswered` is where the
 * kernel says a write's answer is leaving. Send it only the one write: sign in on another server (sessions are
 * shared through the database). Prints `LISTENING <url> PID <pid>` once ready.
 */
import { readConfig } from '../../server/config.ts';
import { startPlatform } from '../../server/platform.ts';
import { TEST_SECRET_KEY } from './client.ts';
import { dataDirFor } from './databases.ts';

// The test servers' key: every process of one database must hold the one that sealed its secrets.
const config = readConfig({ SECRET_KEY: TEST_SECRET_KEY, ...process.env });
const platform = await startPlatform(
  { ...config, dataDir: dataDirFor(process.env.DATABASE_URL!), port: 0, host: '127.0.0.1' },
  { beforeListen: (kernel) => void kernel.writeAnswered.push(() => process.kill(process.pid, 'SIGKILL')) },
);
process.stdout.write(`LISTENING ${platform.url} PID ${process.pid}\n`);
