import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compare, malformed, readAllowlist } from './support/app-boundaries/allowlist.ts';
import { appCycles, checkImports } from './support/app-boundaries/imports.ts';
import { isSource, readTree, type Side } from './support/app-boundaries/layout.ts';
import { checkSql, tableOwners } from './support/app-boundaries/sql.ts';

/**
 * architecture.md, "Contracts between micro-apps": an app reaches another only through shared/ and the kernel, the
 * kernel knows no app, no two apps depend on each other in a circle, and no app uses another's tables. Today's
 * leaks are listed in app-boundaries.allowlist.json, which may only shrink (decision 0091). The checkers
 * themselves are proven on made-up trees in app-boundaries-checker.test.ts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const allowlist = readAllowlist(path.join(ROOT, 'tests/app-boundaries.allowlist.json'));
const files = readTree(ROOT, ['server', 'renderer'], isSource);
const migrations = readTree(ROOT, ['server'], (file) => /\/migrations\/[^/]+\.sql$/.test(file));
const imports = checkImports(files);

describe('app boundaries', () => {
  it('the scan reads the whole tree (an empty or misplaced walk would pass everything)', () => {
    expect(files.size).toBeGreaterThan(500);
    expect([...files.keys()].filter((file) => file.startsWith('server/apps/forms/')).length).toBeGreaterThan(20);
    expect([...files.keys()].filter((file) => file.startsWith('renderer/apps/forms/')).length).toBeGreaterThan(20);
    const owners = tableOwners(migrations);
    expect(owners.get('forms_form')).toBe('forms');
    expect(owners.get('users')).toBe('kernel');
    expect(owners.get('platform_article')).toBe('console');
  });

  it.each<[Side, 'serverImports' | 'rendererImports']>([
    ['server', 'serverImports'],
    ['renderer', 'rendererImports'],
  ])('%s: an app imports another only through shared/ and the kernel; the kernel imports no app', (side, section) => {
    const { added, stale } = compare(
      imports.filter((violation) => violation.side === side),
      allowlist[section],
      section,
    );
    expect(added, 'imports across an app boundary').toEqual([]);
    expect(stale, 'fixed leaks still on the allowlist').toEqual([]);
  });

  it("no server app uses another app's tables, the kernel none (kernel tables such as users, memberships, spaces are everyone's)", () => {
    const { added, stale } = compare(checkSql(files, migrations), allowlist.sqlTables, 'sqlTables');
    expect(added, "SQL on another app's tables").toEqual([]);
    expect(stale, 'fixed leaks still on the allowlist').toEqual([]);
  }, 60_000); // parses every server file: seconds on a loaded 2-core machine, not a speed claim

  it.each<Side>(['server', 'renderer'])('%s: no cycle between apps, counting allowlisted imports', (side) => {
    const found = appCycles(files, side).map((cycle) => ({
      key: cycle.key,
      message: `apps ${cycle.apps.join(', ')} depend on each other in a circle:\n    ${cycle.edges.join('\n    ')}`,
    }));
    const { added, stale } = compare(
      found,
      allowlist.cycles.filter((key) => key.startsWith(`${side}:`)),
      'cycles',
    );
    expect(added, 'app cycles').toEqual([]);
    expect(stale, 'cycles that changed or went: update their entry').toEqual([]);
  });

  it('the allowlist names each leak precisely, sorted and once', () => {
    expect(malformed(allowlist)).toEqual([]);
  });
});
