import fs from 'node:fs';

/** Today's tolerated leaks. Entries may only go: a fixed leak must leave the list (see compare). */
export interface Allowlist {
  /** `importing file -> imported file`, server/ (apps and kernel). */
  serverImports: string[];
  /** `importing file -> imported file`, renderer/ (apps, kernel and shell). */
  rendererImports: string[];
  /** `server app (or kernel) file -> table of another app`. */
  sqlTables: string[];
  /** `side: app, app, …`: the apps of one cycle of the app graph. */
  cycles: string[];
}

export const SECTIONS = ['serverImports', 'rendererImports', 'sqlTables', 'cycles'] as const;

export function readAllowlist(file: string): Allowlist {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Allowlist>;
  return Object.fromEntries(SECTIONS.map((section) => [section, data[section] ?? []])) as unknown as Allowlist;
}

export interface Finding {
  key: string;
  message: string;
}

/**
 * New findings (not on the list: each one's message says what to do instead) and stale entries (on the list but no
 * longer found: the leak was fixed, so the entry goes, and the list cannot quietly keep room for a new leak).
 */
export function compare(found: readonly Finding[], allowed: readonly string[], section: string): { added: string[]; stale: string[] } {
  const allowedKeys = new Set(allowed);
  const foundKeys = new Set(found.map((finding) => finding.key));
  return {
    added: found.filter((finding) => !allowedKeys.has(finding.key)).map((finding) => finding.message),
    stale: allowed
      .filter((key) => !foundKeys.has(key))
      .map((key) => `"${key}" no longer occurs: remove it from ${section} in tests/app-boundaries.allowlist.json (the list only shrinks)`),
  };
}

/** Entry shapes: precise keys only (a folder or a wildcard would let new leaks in unseen). */
export function malformed(list: Allowlist): string[] {
  const file = String.raw`(server|renderer)/[\w./-]+\.(tsx?|css)`;
  const shapes: Record<(typeof SECTIONS)[number], RegExp> = {
    serverImports: new RegExp(`^server/[\\w./-]+\\.tsx? -> ${file}$`),
    rendererImports: new RegExp(`^renderer/[\\w./-]+\\.tsx? -> ${file}$`),
    sqlTables: /^server\/(apps|kernel)\/[\w./-]+\.ts -> [a-z_][a-z0-9_]*$/,
    cycles: /^(server|renderer): [a-z]+(, [a-z]+)+$/,
  };
  const problems: string[] = [];
  for (const section of SECTIONS) {
    const entries = list[section];
    for (const entry of entries) if (!shapes[section].test(entry)) problems.push(`${section}: "${entry}" is not a precise key`);
    const sorted = [...new Set(entries)].sort();
    if (JSON.stringify(sorted) !== JSON.stringify(entries)) problems.push(`${section}: keep the entries sorted and unique`);
  }
  return problems;
}
