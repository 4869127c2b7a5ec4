/**
 * B10: gzip size of the JavaScript the login route needs (entry chunk, its static imports, and the shell
 * micro-app chunk with its imports), plus the size of each micro-app chunk. Reads Vite's manifest of the
 * web build (`npm run build:web` first; this script builds when the build is missing).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve('dist/web');
const MANIFEST = path.join(ROOT, '.vite/manifest.json');
if (!fs.existsSync(MANIFEST)) execSync('npx vite build', { stdio: 'inherit' });

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(ROOT, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const appKey = (id: string) => Object.keys(manifest).find((key) => key.endsWith(`apps/${id}/index.ts`));
const loginKeys = new Set([...closure(entry), ...closure(appKey('shell')!)]);
const loginFiles = [...loginKeys].map((key) => manifest[key]!.file);

console.log('login route JS (gzip):');
for (const file of loginFiles) console.log(`  ${file.padEnd(40)} ${gzipKb(file).toFixed(1)} KB`);
const loginTotal = loginFiles.reduce((sum, file) => sum + gzipKb(file), 0);

console.log('micro-app chunks (gzip, own file only):');
for (const key of Object.keys(manifest).filter((k) => /apps\/[a-z]+\/index\.ts$/.test(k))) {
  const id = /apps\/([a-z]+)\/index\.ts$/.exec(key)![1];
  console.log(`  ${id!.padEnd(12)} ${manifest[key]!.file.padEnd(36)} ${gzipKb(manifest[key]!.file).toFixed(1)} KB`);
}
const css = [...loginKeys].flatMap((key) => manifest[key]!.css ?? []);
console.log(`stylesheets for login (gzip, not counted): ${css.map((f) => `${f} ${gzipKb(f).toFixed(1)} KB`).join(', ')}`);
console.log(`bundle: ${loginTotal.toFixed(1)} KB gzip of JS for the login route (target ≤ 300 KB)`);
