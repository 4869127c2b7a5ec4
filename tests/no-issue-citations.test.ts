import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments and test titles say what they mean — the feature or rule in plain words, a spec section (`§3.2`) or a
 * decision note (`decision 0092`) — instead of citing a tracker's ticket by number, which tells the next reader
 * nothing. The pattern is built from parts so that this file does not match it.
 */
const CITATION = new RegExp('\\b[Ii]' + 'ssue' + ' [0-9]+');

const ROOTS = ['server', 'renderer', 'shared', 'electron', 'tests', 'bench'];

/** Files allowed to cite ticket numbers: none. Kept as a list so a file that truly must can be named, and seen. */
const ALLOWED: string[] = [];

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) found.push(...sources(full));
    } else if (/\.tsx?$/.test(entry.name)) {
      found.push(full.split(path.sep).join('/'));
    }
  }
  return found;
}

function citingLines(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('no ticket-number citations in code comments and test titles', () => {
  it('no source file outside the allow-list cites one', () => {
    const offending = ROOTS.filter((root) => fs.existsSync(root))
      .flatMap(sources)
      .filter((file) => !ALLOWED.includes(file))
      .flatMap(citingLines);
    expect(offending, 'say what the citation means (plain words, spec §, or decision NNNN) instead').toEqual([]);
  });

  it('every allow-listed file that still exists still cites one (otherwise remove it from the list)', () => {
    const clean = ALLOWED.filter((file) => fs.existsSync(file) && citingLines(file).length === 0);
    expect(clean).toEqual([]);
  });
});
