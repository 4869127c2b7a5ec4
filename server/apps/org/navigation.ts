import type { FastifyRequest } from 'fastify';
import { sql, type ColumnType, type SqlBool } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { NavigationBody, NavigationOrderBody, NavigationPatch, TerminalQuery } from '../../../shared/api/org-navigation.ts';
import {
  NAVIGATION_LIMITS,
  NAVIGATION_PATH,
  navigablePage,
  navigationProblem,
  type MyNavigationEntry,
  type NavigationEntry,
  type NavigationKind,
  type Terminal,
} from '../../../shared/org/navigation.ts';
import { canOpen } from '../../../shared/routes/access.ts';
import type { Apps } from '../../kernel/apps.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import './tables.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration org 0013. `role_groups` are ids of org_role_group: empty is every member of the space. */
export interface OrgNavigationTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  terminal: Terminal;
  parent_id: string | null;
  name: string;
  name_en: ColumnType<string, string | undefined, string>;
  icon: ColumnType<string, string | undefined, string>;
  kind: NavigationKind;
  target: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  role_groups: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_navigation: OrgNavigationTable;
  }
}

const COLUMNS = ['id', 'terminal', 'parent_id as parentId', 'name', 'name_en as nameEn', 'icon', 'kind', 'target', 'sort', 'enabled', 'role_groups as roleGroupIds'] as const;
type Draft = Omit<NavigationEntry, 'id' | 'sort'>;

const asEntry = (row: NavigationEntry): NavigationEntry => ({ ...row, roleGroupIds: row.roleGroupIds.map(String) });
const unprocessable = (key: string, params?: Record<string, string | number>) => fail.unprocessable(key, params);

/**
 * The rules that need the space's data, after the shared ones: the app is a live app of this space, the role
 * groups exist, the parent is a top-level group of the same terminal (one level of grouping), and a group that
 * holds entries stays a group. Runs in the write's transaction, so what it checked is what is saved.
 */
async function checkDraft(apps: Apps, trx: Trx, req: FastifyRequest, draft: Draft, id?: string): Promise<void> {
  const problem = navigationProblem(draft);
  if (problem) throw unprocessable(problem.key, problem.params);
  // The admin manages the application centre, so this is "a live app of this space" whatever its roles.
  if (draft.kind === 'app' && !(await apps.mayOpen(trx, req, draft.target))) throw unprocessable('org.navigation.appUnknown');
  if (draft.roleGroupIds.length > NAVIGATION_LIMITS.roleGroups) throw unprocessable('org.navigation.roleGroupUnknown');
  if (draft.roleGroupIds.length) {
    const found = await trx.selectFrom('org_role_group').select('id').where('id', 'in', draft.roleGroupIds).execute();
    if (found.length !== draft.roleGroupIds.length) throw unprocessable('org.navigation.roleGroupUnknown');
  }
  if (draft.parentId) {
    if (draft.kind === 'group' || draft.parentId === id) throw unprocessable('org.navigation.tooDeep');
    const parent = await trx.selectFrom('org_navigation').select(['kind', 'parent_id']).where('id', '=', draft.parentId).where('terminal', '=', draft.terminal).executeTakeFirst();
    if (!parent) throw unprocessable('org.navigation.parentUnknown');
    if (parent.kind !== 'group' || parent.parent_id !== null) throw unprocessable('org.navigation.tooDeep');
  }
  if (id && draft.kind !== 'group') {
    const child = await trx.selectFrom('org_navigation').select('id').where('parent_id', '=', id).executeTakeFirst();
    if (child) throw unprocessable('org.navigation.tooDeep');
  }
}

const values = (draft: Draft) => ({
  terminal: draft.terminal,
  parent_id: draft.parentId,
  name: draft.name.trim(),
  name_en: draft.nameEn.trim(),
  icon: draft.icon,
  kind: draft.kind,
  target: draft.target.trim(),
  enabled: draft.enabled,
  role_groups: draft.roleGroupIds,
});

/**
 * What one member is served: enabled entries whose role groups include a role they hold (in SQL, so nothing hidden
 * ever leaves the database), then pages they may open (the route table's roles) and apps the application centre
 * lets them open. A group is served with its visible children, and not at all when none is left.
 */
export async function myNavigation(apps: Apps, trx: Trx, req: FastifyRequest, terminal: Terminal): Promise<MyNavigationEntry[]> {
  const me = signedIn(req);
  const rows = await trx
    .selectFrom('org_navigation as n')
    .select(['n.id', 'n.parent_id as parentId', 'n.name', 'n.name_en as nameEn', 'n.icon', 'n.kind', 'n.target'])
    .where('n.terminal', '=', terminal)
    .where('n.enabled', '=', true)
    .where(sql<SqlBool>`(cardinality(n.role_groups) = 0 or exists (
      select 1 from org_role r join org_role_member m on m.space_id = r.space_id and m.role_id = r.id
      where r.group_id = any(n.role_groups) and m.user_id = ${me.userId}))`)
    .orderBy('n.sort')
    .orderBy('n.id')
    .execute();
  const appIds = [...new Set(rows.filter((r) => r.kind === 'app').map((r) => r.target))];
  // The application centre's own visibility rule (decision 0044), asked through the kernel (decision 0091).
  const openApps = await apps.openable(trx, req, appIds);
  const viewer = { roles: req.ctx.roles, delegated: req.ctx.delegated };
  const opens = (row: (typeof rows)[number]) => {
    if (row.kind === 'app') return openApps.has(row.target);
    if (row.kind === 'page') {
      const route = navigablePage(row.target);
      return Boolean(route && canOpen(route, viewer));
    }
    return row.kind === 'url';
  };
  const served = (row: (typeof rows)[number]): MyNavigationEntry => ({ id: row.id, name: row.name, nameEn: row.nameEn, icon: row.icon, kind: row.kind, target: row.target });
  const entries: MyNavigationEntry[] = [];
  for (const row of rows.filter((r) => r.parentId === null)) {
    if (row.kind !== 'group') {
      if (opens(row)) entries.push(served(row));
      continue;
    }
    const children = rows.filter((r) => r.parentId === row.id && opens(r)).map(served);
    if (children.length) entries.push({ ...served(row), children });
  }
  return entries;
}

/**
 * Navigation of the space's terminals (spec §2.6 webEntry, newWebEntry, appEntry, webConfigEntry/{id}; decision
 * 0044): the administrator keeps the entries; every member reads the ones meant for them. Row-level security keeps
 * each space to its own rows, so another space's id is simply not found.
 */
export function registerNavigationRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.navigation.manage' } as const;
  const read = { permission: 'org.structure.read' } as const;

  app.get(`${NAVIGATION_PATH}/mine`, { config: { access: read }, schema: { querystring: TerminalQuery } }, async (req) => {
    currentSpace(req);
    const entries = await kernel.transact(req, (trx) => myNavigation(kernel.apps, trx, req, req.query.terminal));
    return { code: 200, msg: 'ok', data: { entries } };
  });

  app.get(NAVIGATION_PATH, { config: { access: manage }, schema: { querystring: TerminalQuery } }, async (req) => {
    currentSpace(req);
    const rows = await kernel.transact(req, (trx) =>
      trx.selectFrom('org_navigation').select(COLUMNS).where('terminal', '=', req.query.terminal).orderBy('sort').orderBy('id').execute(),
    );
    return { code: 200, msg: 'ok', data: { entries: rows.map(asEntry) } };
  });

  app.get(`${NAVIGATION_PATH}/:id`, { config: { access: manage }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const row = await kernel.transact(req, (trx) => trx.selectFrom('org_navigation').select(COLUMNS).where('id', '=', req.params.id).executeTakeFirst());
    if (!row) throw fail.notFound();
    return { code: 200, msg: 'ok', data: asEntry(row) };
  });

  app.post(NAVIGATION_PATH, { config: { access: manage, action: 'org.navigation.create' }, schema: { querystring: NoQuery, body: NavigationBody } }, async (req) => {
    const space = currentSpace(req);
    const body = req.body;
    const draft: Draft = {
      terminal: body.terminal,
      parentId: body.parentId ?? null,
      name: body.name,
      nameEn: body.nameEn ?? '',
      icon: body.icon ?? 'app',
      kind: body.kind,
      target: (body.target ?? '').trim(),
      enabled: body.enabled ?? true,
      roleGroupIds: body.roleGroupIds ?? [],
    };
    const created = await kernel.transact(req, async (trx) => {
      await checkDraft(kernel.apps, trx, req, draft);
      const count = await trx.selectFrom('org_navigation').select((eb) => eb.fn.countAll<string>().as('n')).where('terminal', '=', draft.terminal).executeTakeFirstOrThrow();
      if (Number(count.n) >= NAVIGATION_LIMITS.entries) throw unprocessable('org.navigation.tooMany', { max: NAVIGATION_LIMITS.entries });
      // New entries go last among their siblings.
      const last = await trx
        .selectFrom('org_navigation')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('terminal', '=', draft.terminal)
        .where((eb) => (draft.parentId ? eb('parent_id', '=', draft.parentId) : eb('parent_id', 'is', null)))
        .executeTakeFirst();
      const sort = last?.sort === null || last?.sort === undefined ? 0 : Number(last.sort) + 1;
      return trx.insertInto('org_navigation').values({ space_id: space.id, ...values(draft), sort }).returning(COLUMNS).executeTakeFirstOrThrow();
    });
    req.ctx.auditTarget = created.id;
    return { code: 200, msg: 'ok', data: asEntry(created) };
  });

  app.patch(`${NAVIGATION_PATH}/:id`, { config: { access: manage, action: 'org.navigation.update' }, schema: { params: IdParam, querystring: NoQuery, body: NavigationPatch } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const saved = await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('org_navigation').select(COLUMNS).where('id', '=', req.params.id).forUpdate().executeTakeFirst();
      if (!row) throw fail.notFound();
      const before = asEntry(row);
      const body = req.body;
      const draft: Draft = {
        terminal: before.terminal,
        parentId: body.parentId === undefined ? before.parentId : body.parentId,
        name: body.name ?? before.name,
        nameEn: body.nameEn ?? before.nameEn,
        icon: body.icon ?? before.icon,
        kind: body.kind ?? before.kind,
        // A group has no target: switching to one clears it unless a target was sent (then it is refused).
        target: (body.target ?? (body.kind === 'group' ? '' : before.target)).trim(),
        enabled: body.enabled ?? before.enabled,
        roleGroupIds: body.roleGroupIds ?? before.roleGroupIds,
      };
      await checkDraft(kernel.apps, trx, req, draft, req.params.id);
      return trx.updateTable('org_navigation').set({ ...values(draft), updated_at: new Date() }).where('id', '=', req.params.id).returning(COLUMNS).executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: asEntry(saved) };
  });

  app.delete(`${NAVIGATION_PATH}/:id`, { config: { access: manage, action: 'org.navigation.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const removed = await kernel.transact(req, (trx) => trx.deleteFrom('org_navigation').where('id', '=', req.params.id).executeTakeFirst());
    if (removed.numDeletedRows === 0n) throw fail.notFound();
    return { code: 200, msg: 'ok', data: null };
  });

  /** The order of some entries of one terminal, first to last (a list of siblings, as the page moves them). */
  app.put(`${NAVIGATION_PATH}/order`, { config: { access: manage, action: 'org.navigation.reorder' }, schema: { querystring: NoQuery, body: NavigationOrderBody } }, async (req) => {
    currentSpace(req);
    const { terminal, ids } = req.body;
    req.ctx.auditTarget = ids.join(',');
    await kernel.transact(req, async (trx) => {
      const updated = await sql`update org_navigation n set sort = o.ord - 1, updated_at = now()
        from unnest(${ids}::bigint[]) with ordinality as o(id, ord)
        where n.id = o.id and n.terminal = ${terminal}`.execute(trx);
      // All or nothing: an id of another terminal or space rolls the whole order back.
      if (Number(updated.numAffectedRows ?? 0n) !== ids.length) throw fail.notFound();
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
