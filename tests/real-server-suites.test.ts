import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_SERVER_SUITES } from './real-server-suites.ts';

const root = path.resolve(import.meta.dirname, '..');

describe("CI's second pass on the machine's PostgreSQL", () => {
  it('names integration suites that exist, once each (a renamed suite must not drop out silently)', () => {
    for (const suite of REAL_SERVER_SUITES) {
      expect(suite).toMatch(/\.int\.test\.ts$/);
      expect(fs.existsSync(path.join(root, suite)), suite).toBe(true);
    }
    expect(new Set(REAL_SERVER_SUITES).size).toBe(REAL_SERVER_SUITES.length);
  });

  it('is what .ci/run runs after the whole suite', () => {
    const ci = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/vitest run --project real-server/);
    expect(ci).not.toMatch(/vitest run --project integration\s*$/m);
  });
});
