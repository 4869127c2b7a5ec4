import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Records change only through write.ts (decision 0094): the lower writes of records.ts and the import's batch insert
 * are reached from nowhere else, so a new writer cannot skip the flow lock, the audit entry or the events.
 */
const WRITES = ['createRecord', 'updateRecord', 'deleteRecords', 'restoreRecord', 'insertBatch'];
/** Who may call them, and why. */
const ALLOWED: Record<string, string[]> = {
  'server/apps/forms/write.ts': ['createRecord', 'updateRecord', 'deleteRecords', 'restoreRecord'],
  // The import's own insert of checked rows, followed in the same transaction by write.ts's recordImported.
  'server/apps/forms/jobs/import-job.ts': ['insertBatch'],
  // The demo seed writes its sample records on a fresh database before any app could subscribe to them.
  'server/apps/forms/demo.ts': ['createRecord'],
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The lower write functions a file calls (by name, directly or through a namespace import). */
export function lowerWritesIn(text: string): string[] {
  return WRITES.filter((name) => new RegExp(`(?<![\\w.])${name}\\s*\\(|\\.${name}\\s*\\(`).test(text.replace(/export async function \w+/g, '')));
}

describe('one write path for records', () => {
  it('reaches the lower record writes only from write.ts (and the two documented exceptions)', () => {
    const offenders: string[] = [];
    for (const file of sources('server')) {
      const used = lowerWritesIn(fs.readFileSync(file, 'utf8'));
      const allowed = ALLOWED[file.split(path.sep).join('/')] ?? [];
      for (const name of used) if (!allowed.includes(name)) offenders.push(`${file}: ${name}`);
    }
    expect(offenders).toEqual([]);
  });

  it('sees a lower write wherever it is called', () => {
    expect(lowerWritesIn('await records.updateRecord(trx, form, viewer, id, values, 1);')).toEqual(['updateRecord']);
    expect(lowerWritesIn('const rows = await insertBatch(trx, form);')).toEqual(['insertBatch']);
    expect(lowerWritesIn('export async function createRecord(trx) {}')).toEqual([]);
  });

  it('the import records what it inserted through write.ts, in the same batch', () => {
    const text = fs.readFileSync('server/apps/forms/jobs/import-job.ts', 'utf8');
    expect(text.indexOf('recordImported(')).toBeGreaterThan(text.indexOf('insertBatch('));
  });
});
