import fs from 'node:fs';
import path from 'node:path';

/** Repository-relative POSIX path → file text: what every checker reads, so a test can hand it a made-up tree. */
export type FileMap = ReadonlyMap<string, string>;

export type Side = 'server' | 'renderer';

/** Where a file sits in the layering of architecture.md ("Contracts between micro-apps"). */
export type Place =
  | { kind: 'app'; side: Side; app: string }
  | { kind: 'kernel'; side: Side }
  /** The static lists of apps (and the plug-in types beside them): the one door from the shell to the apps. */
  | { kind: 'registry'; side: Side }
  | { kind: 'other' };

/**
 * The shell may reach apps only through these: the lazy page registry and the page-module types it hands out.
 * The server kernel gets no such door: server/platform.ts, outside the kernel, hands the apps to it at boot.
 */
export const RENDERER_REGISTRY: readonly string[] = ['renderer/apps/index.ts', 'renderer/apps/types.ts'];

const APP = /^(server|renderer)\/apps\/([^/]+)\//;

export function placeOf(file: string): Place {
  const app = APP.exec(file);
  if (app) return { kind: 'app', side: app[1] as Side, app: app[2]! };
  if (file.startsWith('server/kernel/')) return { kind: 'kernel', side: 'server' };
  if (file.startsWith('renderer/kernel/') || file.startsWith('renderer/shell/')) return { kind: 'kernel', side: 'renderer' };
  if (/^(server|renderer)\/apps\/[^/]+$/.test(file)) return { kind: 'registry', side: file.split('/')[0] as Side };
  return { kind: 'other' };
}

export const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);
export const isSource = (file: string) => /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts');

/** Reads every file under the given repository folders whose name passes `keep` (node_modules skipped). */
export function readTree(root: string, folders: readonly string[], keep: (file: string) => boolean): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else {
        const rel = path.relative(root, full).split(path.sep).join('/');
        if (keep(rel)) files.set(rel, fs.readFileSync(full, 'utf8'));
      }
    }
  };
  for (const folder of folders) visit(path.join(root, folder));
  return files;
}
