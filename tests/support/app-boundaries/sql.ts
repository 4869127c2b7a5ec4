import ts from 'typescript';
import { isSource, isTest, placeOf, type FileMap } from './layout.ts';

export interface SqlViolation {
  from: string;
  app: string;
  table: string;
  owner: string;
  /** `file -> table`: how the allowlist names it. */
  key: string;
  message: string;
}

const CREATED = /create\s+(?:or\s+replace\s+)?(?:unlogged\s+|materialized\s+)?(?:table|view)\s+(?:if\s+not\s+exists\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Who owns each table: the kernel or the app whose migrations create it. Most app tables carry their app id as a
 * prefix, but not all (console's platform_*, sms_*, finance_*; portal's `portal`), hence the migrations decide.
 */
export function tableOwners(migrations: FileMap): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [file, text] of migrations) {
    const owner = file.startsWith('server/kernel/migrations/') ? 'kernel' : /^server\/apps\/([^/]+)\/migrations\//.exec(file)?.[1];
    if (!owner || !file.endsWith('.sql')) continue;
    for (const match of text.matchAll(CREATED)) owners.set(match[1]!.toLowerCase(), owner);
  }
  return owners;
}

/** The owner of a name, by the migrations, else by an app-id prefix (forms_data_<id>, SQL functions like forms_viewer_meta). */
export function ownerOf(table: string, owners: ReadonlyMap<string, string>, apps: ReadonlySet<string>): string | undefined {
  return owners.get(table) ?? [...apps].find((app) => table.startsWith(`${app}_`));
}

/** Kysely's methods whose first argument names a table (`'x'`, `'x as y'`, or an array of them); `sql.table('x')`. */
const TABLE_METHODS = new Set([
  'selectFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'using', 'table',
  'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral', 'crossJoinLateral',
]);

/** A table after the SQL words that name one, in raw SQL (a `sql` template or a string). Comma joins are not seen. */
const RAW = /\b(?:from|join|into|update|using|table)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

const tableName = (literal: string) => literal.trim().split(/\s+as\s+/i)[0]!.replace(/^"?public"?\./, '').replace(/"/g, '').toLowerCase();

/**
 * The table names one file's code uses, parsed with the TypeScript compiler so that comments never count:
 * Kysely calls by their string arguments, raw SQL by the text of every template and string literal.
 */
export function tablesIn(file: string, text: string): Set<string> {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && TABLE_METHODS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      const literals = first && ts.isArrayLiteralExpression(first) ? [...first.elements] : first ? [first] : [];
      for (const literal of literals) if (ts.isStringLiteralLike(literal)) found.add(tableName(literal.text));
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const match of node.text.matchAll(RAW)) found.add(match[1]!.toLowerCase());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every place a server app's code (tests aside) names a table of another app, and the kernel's code any app's table.
 * Kernel tables (users, memberships, spaces, …) are everyone's.
 */
export function checkSql(files: FileMap, migrations: FileMap): SqlViolation[] {
  const owners = tableOwners(migrations);
  const apps = new Set([...owners.values()].filter((owner) => owner !== 'kernel'));
  const violations: SqlViolation[] = [];
  for (const [from, text] of files) {
    const place = placeOf(from);
    if ((place.kind !== 'app' && place.kind !== 'kernel') || place.side !== 'server' || !isSource(from) || isTest(from)) continue;
    const reader = place.kind === 'app' ? place.app : 'kernel';
    for (const table of [...tablesIn(from, text)].sort()) {
      const owner = ownerOf(table, owners, apps);
      if (!owner || owner === 'kernel' || owner === reader) continue;
      const message =
        `${from} uses table ${table} of app "${owner}": ask "${owner}" through its contract (types in shared/, a provider ` +
        'slot on the kernel object such as directory, analysis, recordFlow or apps) instead of its table';
      violations.push({ from, app: reader, table, owner, key: `${from} -> ${table}`, message });
    }
  }
  return violations.sort((a, b) => a.key.localeCompare(b.key));
}
