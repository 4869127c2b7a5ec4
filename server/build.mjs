// The production build (docs/deploy.md): the web app with Vite into dist/web, the server with esbuild into
// dist/server, so production runs plain `node dist/server/main.js` — no TypeScript loader between the process
// manager's SIGTERM and the server's drain (decision 0113). `node server/build.mjs` builds what is out of date
// (`--force` both, `--server` the server only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const WEB_INDEX = path.join(ROOT, 'dist/web/index.html');
const WEB_SOURCES = ['renderer', 'shared', 'vite.config.ts', 'package-lock.json'];
const SERVER_SOURCES = ['server', 'shared', 'package-lock.json'];

/** The newest modification time among files under `entries` (tests included: cheap, and never too old). */
function newest(entries) {
  let latest = 0;
  const visit = (full) => {
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full)) if (name !== 'node_modules') visit(path.join(full, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(ROOT, entry));
  return latest;
}

const builtAt = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

export function webIsStale() {
  return builtAt(WEB_INDEX) < newest(WEB_SOURCES);
}

export function serverIsStale() {
  return builtAt(SERVER_ENTRY) < newest(SERVER_SOURCES);
}

export function buildWeb() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
}

/**
 * One ES module bundle of the server's own code; packages stay imports of node_modules. Split, so the embedded
 * database's module (whose package hooks the process's signals as it loads) is loaded only when it is used.
 */
export async function buildServer(outdir = path.dirname(SERVER_ENTRY)) {
  const esbuild = await import('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: path.join(ROOT, 'server/main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.js');
}

/** Builds what is out of date; `force` builds both. */
export async function buildAll({ force = false } = {}) {
  if (force || webIsStale()) buildWeb();
  if (force || serverIsStale()) await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--server')) await buildServer();
  else await buildAll({ force: process.argv.includes('--force') });
}
