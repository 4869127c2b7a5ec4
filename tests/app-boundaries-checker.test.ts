import { describe, expect, it } from 'vitest';
import { compare, malformed } from './support/app-boundaries/allowlist.ts';
import { appCycles, checkImports, importsOf } from './support/app-boundaries/imports.ts';
import { checkSql } from './support/app-boundaries/sql.ts';

/** The checkers of app-boundaries.test.ts fed made-up trees: each forbidden shape is reported, each allowed one is not. */
const tree = (entries: Record<string, string>) => new Map(Object.entries(entries));
const keys = (found: ReadonlyArray<{ key: string }>) => found.map((finding) => finding.key);

describe('import checker', () => {
  it("reports an app importing another app's internals, naming the file, the import and what to do instead", () => {
    const found = checkImports(tree({ 'server/apps/forms/a.ts': "import { noteRecord } from '../appcenter/record-marks.ts';\n" }));
    expect(keys(found)).toEqual(['server/apps/forms/a.ts -> server/apps/appcenter/record-marks.ts']);
    expect(found[0]!.rule).toBe('app-to-app');
    expect(found[0]!.message).toContain('server/apps/forms/a.ts imports server/apps/appcenter/record-marks.ts');
    expect(found[0]!.message).toMatch(/shared\/.*provider slot on the kernel object/);
  });

  it('sees type-only imports, re-exports and dynamic imports, but not imports inside comments or strings', () => {
    const text = [
      "import type { Chart } from '../../dashboards/chart/types.ts';",
      "export { Panel } from '../../workflow/run/Panel.tsx';",
      "const page = () => import('../../portal/Page.tsx');",
      "// import { x } from '../../org/x.ts';",
      "const hint = \"import { y } from '../../chat/y.ts'\";",
    ].join('\n');
    expect(keys(checkImports(tree({ 'renderer/apps/forms/views/v.tsx': text })))).toEqual([
      'renderer/apps/forms/views/v.tsx -> renderer/apps/dashboards/chart/types.ts',
      'renderer/apps/forms/views/v.tsx -> renderer/apps/portal/Page.tsx',
      'renderer/apps/forms/views/v.tsx -> renderer/apps/workflow/run/Panel.tsx',
    ]);
  });

  it('lets an app import its own files, shared/, the kernel and packages', () => {
    const text = [
      "import { a } from './own.ts';",
      "import type { Kernel } from '../../kernel/kernel.ts';",
      "import { FORM_LIMITS } from '../../../shared/forms/fields.ts';",
      "import { sql } from 'kysely';",
      "import type { ServerApp } from '../types.ts';",
    ].join('\n');
    expect(checkImports(tree({ 'server/apps/forms/b.ts': text }))).toEqual([]);
  });

  it('resolves an import without extension against the tree', () => {
    const files = tree({ 'renderer/apps/org/x.tsx': "import { Icon } from '../appcenter/icons';", 'renderer/apps/appcenter/icons.tsx': '' });
    expect(importsOf('renderer/apps/org/x.tsx', files.get('renderer/apps/org/x.tsx')!, files)).toEqual(['renderer/apps/appcenter/icons.tsx']);
  });

  it('reports the kernel importing an app; the shell may use only the registry and its types', () => {
    const found = checkImports(
      tree({
        'server/kernel/x.ts': "import { SERVER_APPS } from '../apps/index.ts';\nimport { f } from '../apps/forms/f.ts';",
        'renderer/shell/page-loader.tsx': "import { APP_MODULES } from '../apps/index.ts';\nimport type { PageProps } from '../apps/types.ts';",
        'renderer/shell/header/Bell.tsx': "import { useUnreadCounts } from '../../apps/messages/live.ts';",
        'renderer/kernel/k.ts': "import { y } from '../apps/chat/y.ts';",
      }),
    );
    expect(found.map((v) => `${v.rule} ${v.key}`)).toEqual([
      'kernel-to-app renderer/kernel/k.ts -> renderer/apps/chat/y.ts',
      'kernel-to-app renderer/shell/header/Bell.tsx -> renderer/apps/messages/live.ts',
      'kernel-to-app server/kernel/x.ts -> server/apps/forms/f.ts',
      'kernel-to-app server/kernel/x.ts -> server/apps/index.ts',
    ]);
    expect(found[1]!.message).toContain('renderer/apps/index.ts');
  });

  it("reports an app's code importing the list of every app, not its tests", () => {
    const found = checkImports(
      tree({
        'server/apps/iot/boot.ts': "import { SERVER_APPS } from '../index.ts';",
        'server/apps/iot/iot.int.test.ts': "import { MIGRATION_SOURCES } from '../index.ts';",
      }),
    );
    expect(keys(found)).toEqual(['server/apps/iot/boot.ts -> server/apps/index.ts']);
  });

  it('builds the app graph from every crossing import, allowlisted or not, and finds its cycles', () => {
    const files = tree({
      'renderer/apps/forms/a.tsx': "import '../workflow/b.tsx';",
      'renderer/apps/workflow/b.tsx': "import '../dashboards/c.tsx';",
      'renderer/apps/dashboards/c.tsx': "import '../forms/a.tsx';",
      'renderer/apps/portal/d.tsx': "import '../forms/a.tsx';",
      // A test is a leaf nothing imports: it closes no cycle.
      'renderer/apps/forms/a.test.tsx': "import '../portal/d.tsx';",
      'server/apps/org/e.ts': "import '../chat/f.ts';",
    });
    const cycles = appCycles(files, 'renderer');
    expect(cycles.map((cycle) => cycle.key)).toEqual(['renderer: dashboards, forms, workflow']);
    expect(cycles[0]!.edges).toContain('forms → workflow (e.g. renderer/apps/forms/a.tsx -> renderer/apps/workflow/b.tsx)');
    expect(appCycles(files, 'server')).toEqual([]);
  });
});

describe('SQL checker', () => {
  const migrations = tree({
    'server/kernel/migrations/0001_kernel.sql': 'create table users (id bigint); create table memberships (id bigint);',
    'server/apps/forms/migrations/0001_forms.sql': 'create table if not exists forms_form (id bigint);',
    'server/apps/org/migrations/0001_org.sql': 'CREATE TABLE org_department (id bigint);',
    'server/apps/console/migrations/0001_console.sql': 'create table platform_article (id bigint);',
  });

  it("reports Kysely calls and raw SQL on another app's tables, once per file and table", () => {
    const text = [
      "await trx.selectFrom('forms_form as f').innerJoin('org_department as d', 'd.id', 'f.dept').selectAll().execute();",
      "await trx.selectFrom(['platform_article']).selectAll().execute();",
      'await sql`select * from forms_form f join org_department d on d.id = f.dept`.execute(trx);',
      "await sql`update ${sql.table('forms_data_' + id)} set x = 1`.execute(trx);",
      'await sql`insert into forms_data_7 (x) values (1)`.execute(trx);',
    ].join('\n');
    const found = checkSql(tree({ 'server/apps/chat/c.ts': text }), migrations);
    expect(keys(found)).toEqual([
      'server/apps/chat/c.ts -> forms_data_7',
      'server/apps/chat/c.ts -> forms_form',
      'server/apps/chat/c.ts -> org_department',
      'server/apps/chat/c.ts -> platform_article',
    ]);
    expect(found[1]!.message).toContain('ask "forms" through its contract');
  });

  it('reports the kernel using an app table', () => {
    expect(keys(checkSql(tree({ 'server/kernel/k.ts': 'sql`delete from org_department`' }), migrations))).toEqual(['server/kernel/k.ts -> org_department']);
  });

  it("leaves alone an app's own tables, kernel tables, comments, tests and words that are no table", () => {
    const text = [
      '// reads from org_department, see forms_form',
      "await trx.selectFrom('forms_form').innerJoin('users as u', 'u.id', 'forms_form.owner').selectAll().execute();",
      'await sql`select extract(epoch from created_at) from memberships`.execute(trx);',
    ].join('\n');
    expect(checkSql(tree({ 'server/apps/forms/f.ts': text, 'server/apps/chat/c.int.test.ts': "trx.selectFrom('forms_form')" }), migrations)).toEqual([]);
  });
});

describe('allowlist', () => {
  it('reports new findings with their message and stale entries that must go', () => {
    const found = [{ key: 'server/apps/a/x.ts -> server/apps/b/y.ts', message: 'a reaches into b' }];
    expect(compare(found, ['server/apps/a/old.ts -> server/apps/b/y.ts'], 'serverImports')).toEqual({
      added: ['a reaches into b'],
      stale: [expect.stringContaining('"server/apps/a/old.ts -> server/apps/b/y.ts" no longer occurs: remove it from serverImports')],
    });
    expect(compare(found, [found[0]!.key], 'serverImports')).toEqual({ added: [], stale: [] });
  });

  it('accepts only precise, sorted, unique keys', () => {
    const ok = { serverImports: ['server/apps/a/x.ts -> server/apps/b/y.ts'], rendererImports: [], sqlTables: ['server/apps/a/x.ts -> b_t'], cycles: ['renderer: a, b'] };
    expect(malformed(ok)).toEqual([]);
    const loose = { ...ok, serverImports: ['server/apps/a/x.ts -> server/apps/b/y.ts', 'server/apps/a/** -> server/apps/b/y.ts'], cycles: ['renderer: a'] };
    expect(malformed(loose)).toEqual([
      'serverImports: "server/apps/a/** -> server/apps/b/y.ts" is not a precise key',
      'serverImports: keep the entries sorted and unique',
      'cycles: "renderer: a" is not a precise key',
    ]);
  });
});
