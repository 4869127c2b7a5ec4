import path from 'node:path';
import ts from 'typescript';
import { isSource, isTest, placeOf, RENDERER_REGISTRY, type FileMap, type Side } from './layout.ts';

export interface ImportViolation {
  rule: 'app-to-app' | 'kernel-to-app';
  side: Side;
  from: string;
  to: string;
  /** `from -> to`: how the allowlist names it. */
  key: string;
  message: string;
}

/** The lists of every app: an app's code importing one would reach all the others through it (a test may boot them all). */
const APP_LISTS = ['server/apps/index.ts', 'renderer/apps/index.ts'];

/**
 * Relative imports of one file resolved to repository paths: static imports (type-only too: they couple the
 * code all the same), `export … from`, `import()` and `require`. The TypeScript pre-processor skips comments and
 * strings, so an import written inside a template is not one. Package imports belong to no app and are left out.
 */
export function importsOf(file: string, text: string, files?: FileMap): string[] {
  const specs = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName.replace(/[?#].*$/, ''));
  return [...new Set(specs.filter((s) => s.startsWith('.')).map((s) => resolve(file, s, files)))];
}

function resolve(from: string, spec: string, files?: FileMap): string {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  if (!files || files.has(target)) return target;
  const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => target + ext).find((candidate) => files.has(candidate));
  return found ?? target;
}

function appAdvice(side: Side, owner: string): string {
  return side === 'server'
    ? `put the contract's types in shared/ and let "${owner}" fill a provider slot on the kernel object ` +
        '(server/kernel/kernel.ts: directory, recordFlow, apps, …) at register(); a plain helper both need belongs in the kernel or shared/'
    : `move what both apps need into renderer/kernel, renderer/shell or shared/, or let the route table serve "${owner}"'s page from its own chunk`;
}

function kernelAdvice(side: Side): string {
  return side === 'server'
    ? 'the kernel knows no app: let the app provide it through a kernel slot at register(), or move the code into the kernel'
    : `the shell reaches apps only through ${RENDERER_REGISTRY.join(' and ')}: move shared code into renderer/kernel or renderer/shell, or let the app fill a kernel slot`;
}

/** Imports that cross an app boundary (architecture.md, "Contracts between micro-apps"). */
export function checkImports(files: FileMap): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const [from, text] of files) {
    if (!isSource(from)) continue;
    const source = placeOf(from);
    if (source.kind !== 'app' && source.kind !== 'kernel') continue;
    for (const to of importsOf(from, text, files)) {
      const target = placeOf(to);
      const key = `${from} -> ${to}`;
      if (source.kind === 'app') {
        const foreignApp = target.kind === 'app' && (target.side !== source.side || target.app !== source.app);
        if (foreignApp) {
          const message = `${from} imports ${to}: app "${source.app}" reaches into app "${target.app}"; ${appAdvice(source.side, target.app)}`;
          violations.push({ rule: 'app-to-app', side: source.side, from, to, key, message });
        } else if (APP_LISTS.includes(to) && !isTest(from)) {
          const message = `${from} imports ${to}: the list of every app is the shell's and the server's boot, not an app's; ${appAdvice(source.side, 'the other app')}`;
          violations.push({ rule: 'app-to-app', side: source.side, from, to, key, message });
        }
      } else {
        const throughRegistry = source.side === 'renderer' && RENDERER_REGISTRY.includes(to);
        if ((target.kind === 'app' || target.kind === 'registry') && !throughRegistry) {
          violations.push({ rule: 'kernel-to-app', side: source.side, from, to, key, message: `${from} imports ${to}: ${kernelAdvice(source.side)}` });
        }
      }
    }
  }
  return violations.sort((a, b) => a.key.localeCompare(b.key));
}

export interface AppCycle {
  side: Side;
  /** Sorted app ids of one strongly connected component of the app graph. */
  apps: string[];
  /** `side: a, b, c`: how the allowlist names it. */
  key: string;
  /** Each app edge inside the component with one import that makes it. */
  edges: string[];
}

/**
 * The app-level graph of one side from every app-to-app import of non-test code, allowlisted or not, so that a
 * tolerated import still shows the cycle it closes. Test files are leaves nothing imports: they cannot make
 * the apps' code depend on each other in a circle.
 */
export function appGraph(files: FileMap, side: Side): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const violation of checkImports(files)) {
    if (violation.rule !== 'app-to-app' || violation.side !== side || isTest(violation.from)) continue;
    const from = placeOf(violation.from);
    const to = placeOf(violation.to);
    if (from.kind !== 'app' || to.kind !== 'app' || to.side !== side) continue;
    const out = graph.get(from.app) ?? new Map<string, string>();
    if (!out.has(to.app)) out.set(to.app, violation.key);
    graph.set(from.app, out);
  }
  return graph;
}

/** Strongly connected components of more than one app (Tarjan): each one is at least one cycle. */
export function appCycles(files: FileMap, side: Side): AppCycle[] {
  const graph = appGraph(files, side);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (app: string) => {
    index.set(app, index.size);
    low.set(app, index.get(app)!);
    stack.push(app);
    onStack.add(app);
    for (const next of graph.get(app)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(app, Math.min(low.get(app)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(app, Math.min(low.get(app)!, index.get(next)!));
    }
    if (low.get(app) !== index.get(app)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== app);
    if (component.length > 1) components.push(component.sort());
  };
  for (const app of [...graph.keys()].sort()) if (!index.has(app)) visit(app);
  return components
    .map((apps) => ({
      side,
      apps,
      key: `${side}: ${apps.join(', ')}`,
      edges: apps.flatMap((a) =>
        [...(graph.get(a) ?? new Map<string, string>())].filter(([b]) => apps.includes(b)).map(([b, example]) => `${a} → ${b} (e.g. ${example})`),
      ),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
