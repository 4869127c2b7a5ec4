import type { FlowNames } from '../../../shared/api/workflow-design.ts';
import type { FlowModel, FlowNode } from '../../../shared/workflow/model.ts';
import { ENTITY_ID, type ModelProblem } from '../../../shared/workflow/model-shape.ts';
import type { Trx } from '../../kernel/db/pool.ts';

type RefKind = keyof FlowNames;
/** One id a model names: where (node, branch), and what it must be in this space. */
export interface Reference {
  node: string;
  branch?: string;
  kind: RefKind;
  id: string;
}

const RULE_KIND: Record<string, RefKind | undefined> = { members: 'members', roles: 'roles', roleGroups: 'roleGroups', posts: 'posts' };

/** Every member, role, role group, post and department id a (shape-checked) model names, with its place. */
export function referencesOf(model: FlowModel): Reference[] {
  const found: Reference[] = [];
  const visit = (path: FlowNode[]) => {
    for (const node of path) {
      if (node.type === 'approval' || node.type === 'cc') {
        for (const rule of node.assignees) {
          const kind = RULE_KIND[rule.kind];
          if (kind) for (const id of rule.ids ?? []) found.push({ node: node.id, kind, id });
        }
      }
      if (node.type === 'approval' && node.emptyPolicy === 'assignUsers') for (const id of node.emptyUsers ?? []) found.push({ node: node.id, kind: 'members', id });
      if (node.type === 'condition' || node.type === 'parallel') {
        for (const branch of node.branches) {
          for (const id of branch.when?.initiatorDepartments ?? []) found.push({ node: node.id, branch: branch.id, kind: 'departments', id });
          for (const id of branch.when?.initiatorRoles ?? []) found.push({ node: node.id, branch: branch.id, kind: 'roles', id });
          visit(branch.nodes);
        }
      }
    }
  };
  visit(model.nodes);
  for (const id of model.settings.managers) found.push({ node: '', kind: 'members', id });
  return found;
}

/**
 * The names of ids of each kind that exist in the space (row-level security confines the org tables to it; the
 * explicit space condition is for memberships, which have none). Malformed ids are never sent to the database.
 */
async function existing(trx: Trx, spaceId: string, kind: RefKind, ids: string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id) => ENTITY_ID.test(id)))];
  if (wanted.length === 0) return {};
  let rows: Array<{ id: string; name: string }>;
  if (kind === 'members') {
    rows = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name'])
      .where('m.space_id', '=', spaceId)
      .where('m.status', '=', 'active')
      .where('m.user_id', 'in', wanted)
      .execute();
  } else {
    const table = ({ roles: 'org_role', roleGroups: 'org_role_group', posts: 'org_post', departments: 'org_department' } as const)[kind];
    rows = await trx.selectFrom(table).select(['id', 'name']).where('space_id', '=', spaceId).where('id', 'in', wanted).execute();
  }
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}

const KINDS: RefKind[] = ['members', 'roles', 'roleGroups', 'posts', 'departments'];

export async function namesOf(trx: Trx, spaceId: string, refs: readonly Reference[]): Promise<FlowNames> {
  const names = {} as FlowNames;
  for (const kind of KINDS) names[kind] = await existing(trx, spaceId, kind, refs.filter((r) => r.kind === kind).map((r) => r.id));
  return names;
}

const MISSING_KEY: Record<RefKind, string> = {
  members: 'workflow.design.unknownMember',
  roles: 'workflow.design.unknownRole',
  roleGroups: 'workflow.design.unknownRoleGroup',
  posts: 'workflow.design.unknownPost',
  departments: 'workflow.design.unknownDepartment',
};

/** Publishing: every id the model names must be an active member, role, role group, post or department of this space. */
export async function referenceProblems(trx: Trx, spaceId: string, model: FlowModel): Promise<ModelProblem[]> {
  const refs = referencesOf(model);
  const names = await namesOf(trx, spaceId, refs);
  const nodeNames = new Map<string, string>();
  const visit = (path: FlowNode[]) => path.forEach((n) => {
    nodeNames.set(n.id, n.name.trim() || n.id);
    if (n.type === 'condition' || n.type === 'parallel') n.branches.forEach((b) => visit(b.nodes));
  });
  visit(model.nodes);
  const problems: ModelProblem[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = `${ref.node}/${ref.kind}/${ref.id}`;
    if (names[ref.kind][ref.id] !== undefined || seen.has(key)) continue;
    seen.add(key);
    // Process managers belong to the whole flow, not to a node.
    if (ref.node === '') problems.push({ node: '', key: 'workflow.design.unknownManager', params: { id: ref.id } });
    else problems.push({ node: ref.node, key: MISSING_KEY[ref.kind], params: { node: nodeNames.get(ref.node) ?? '', id: ref.id }, ...(ref.branch ? { branch: ref.branch } : {}) });
  }
  return problems;
}
