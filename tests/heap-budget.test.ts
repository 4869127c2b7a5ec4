import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_MB } from '../server/heap.ts';

describe('the server heap budget (decision 0107)', () => {
  it('npm start runs the server with the budget server/heap.ts names', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.start).toContain(`node --max-old-space-size=${SERVER_HEAP_MB} server/start.mjs`);
  });
});
