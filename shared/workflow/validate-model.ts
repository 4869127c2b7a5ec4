import type { FieldDef } from '../forms/fields.ts';
import { filterProblems } from '../forms/filters.ts';
import { isDefaultCondition } from './conditions.ts';
import { FLOW_LIMITS, type AssigneeRule, type Branch, type FlowModel, type FlowNode, type TimeLimit } from './model.ts';
import { ENTITY_ID, shapeProblems, type ModelProblem } from './model-shape.ts';

export { shapeProblems, type ModelProblem };

/** What a flow is checked against: the fields of its form's published definition. */
export interface ModelContext {
  fields: readonly FieldDef[];
}

/** Reminders a time limit may send at most (each one a notice to every assignee). */
export const MAX_REMINDS = 100;
/** Problems reported at most: enough to fix a flow by, never a response the size of the input. */
const MAX_PROBLEMS = 200;

const ID_KINDS = new Set(['members', 'roles', 'roleGroups', 'posts']);
const LEVEL_KINDS = new Set(['deptHead', 'superior']);

/** The name a message shows for a node: its own, else its id (names may be left empty; the designer shows a default). */
const label = (node: { id: string; name: string }) => node.name.trim() || node.id;
const wellFormedIds = (ids: readonly string[] | undefined) => (ids ?? []).every((id) => ENTITY_ID.test(id));

const allNodes = (path: readonly FlowNode[]): FlowNode[] =>
  path.flatMap((n) => [n, ...(n.type === 'condition' || n.type === 'parallel' ? n.branches.flatMap((b) => allNodes(b.nodes)) : [])]);

/** A rule names exactly what its kind needs: ids, a level count, or a member field of the form. */
function ruleProblem(rule: AssigneeRule, fields: readonly FieldDef[]): { key: string; params?: Record<string, string | number> } | null {
  const hasIds = rule.ids !== undefined;
  const hasLevels = rule.levels !== undefined;
  const hasField = rule.field !== undefined;
  if (ID_KINDS.has(rule.kind)) {
    // How many ids a rule may name is the shape check's (FLOW_LIMITS.assignees).
    return hasLevels || hasField || !rule.ids?.length || !wellFormedIds(rule.ids) ? { key: 'workflow.design.assigneeIds' } : null;
  }
  if (LEVEL_KINDS.has(rule.kind)) {
    const ok = !hasIds && !hasField && Number.isInteger(rule.levels) && rule.levels! >= 1 && rule.levels! <= FLOW_LIMITS.levels;
    return ok ? null : { key: 'workflow.design.assigneeLevels', params: { max: FLOW_LIMITS.levels } };
  }
  if (rule.kind === 'memberField') {
    const field = fields.find((f) => f.key === rule.field);
    if (hasIds || hasLevels || !field || field.type !== 'member') return { key: 'workflow.design.assigneeField', params: { field: String(rule.field ?? '').slice(0, 20) } };
    return null;
  }
  return hasIds || hasLevels || hasField ? { key: 'workflow.design.assigneeExtra' } : null;
}

function timeLimitProblem(limit: TimeLimit): string | null {
  const max = FLOW_LIMITS.timeLimitMinutes;
  if (limit.minutes < 1 || limit.minutes > max) return 'workflow.design.timeLimitRange';
  const remindBefore = limit.remindBefore ?? 0;
  if (remindBefore >= limit.minutes || (limit.remindEvery !== undefined && (limit.remindEvery < 1 || limit.remindEvery > max))) return 'workflow.design.reminderRange';
  if ((limit.maxReminds ?? 0) > MAX_REMINDS) return 'workflow.design.reminderRange';
  return null;
}

/**
 * Everything that keeps a flow from being published, for the designer (shown next to the nodes before sending)
 * and the server (a 422 at publish): first its shape (shapeProblems: this runs on untrusted JSON), then the rules of
 * a complete flow — one start, first on the main path; an end last on it and nothing after an end on any path; no
 * end inside a parallel branch (that branch could never reach the join); gateways of 2–10 branches; condition
 * nodes with exactly one default branch, last (coverage of the conditions cannot be proved, so the default is
 * required — decision 0054); assignees on every approval and CC node; field names that exist in the form.
 */
export function modelProblems(input: unknown, context: ModelContext): ModelProblem[] {
  const shape = shapeProblems(input);
  if (shape.length) return shape.slice(0, MAX_PROBLEMS);
  const model = input as FlowModel;
  const { fields } = context;
  const problems: ModelProblem[] = [];
  const add = (node: string, key: string, params?: Record<string, string | number>, branch?: string) =>
    problems.push({ node, key, ...(params ? { params } : {}), ...(branch ? { branch } : {}) });
  const fieldKeys = new Set(fields.map((f) => f.key));

  const checkNode = (node: FlowNode, inParallel: boolean) => {
    const name = { node: label(node) };
    if (node.type === 'end' && inParallel) add(node.id, 'workflow.design.endInParallel', name);
    if (node.type === 'start' || node.type === 'approval' || node.type === 'cc') {
      for (const key of Object.keys(node.fields)) if (!fieldKeys.has(key)) add(node.id, 'workflow.design.unknownField', { ...name, field: key });
    }
    if (node.type === 'approval' || node.type === 'cc') {
      if (node.assignees.length === 0) add(node.id, 'workflow.design.noAssignees', name);
      for (const rule of node.assignees) {
        const problem = ruleProblem(rule, fields);
        if (problem) add(node.id, problem.key, { ...name, ...problem.params });
      }
    }
    if (node.type === 'approval') {
      if (node.emptyPolicy === 'assignUsers' && !node.emptyUsers?.length) add(node.id, 'workflow.design.emptyUsersRequired', name);
      if (!wellFormedIds(node.emptyUsers)) add(node.id, 'workflow.design.badIds', name);
      if (node.timeLimit) {
        const key = timeLimitProblem(node.timeLimit);
        if (key) add(node.id, key, { ...name, max: FLOW_LIMITS.timeLimitMinutes, reminds: MAX_REMINDS });
      }
    }
    if (node.type === 'condition' || node.type === 'parallel') checkGateway(node, inParallel);
  };

  const checkGateway = (node: FlowNode & { branches: Branch[] }, inParallel: boolean) => {
    const name = { node: label(node) };
    if (node.branches.length < 2) add(node.id, 'workflow.design.tooFewBranches', { ...name, min: 2 });
    if (node.type === 'condition') {
      const defaults = node.branches.filter((b) => isDefaultCondition(b.when));
      if (defaults.length === 0) add(node.id, 'workflow.design.defaultMissing', name);
      const last = node.branches[node.branches.length - 1];
      // With a default in its place, an earlier branch without a condition is one whose condition was not set yet.
      const early = last && isDefaultCondition(last.when) ? 'workflow.design.conditionMissing' : 'workflow.design.defaultNotLast';
      for (const b of defaults) if (b !== last) add(node.id, early, { ...name, branch: b.name.trim() || b.id }, b.id);
      for (const b of node.branches) {
        if (isDefaultCondition(b.when)) continue;
        const when = b.when!;
        if (when.filter?.items?.length) {
          for (const p of filterProblems(fields, when.filter)) add(node.id, p.key, { ...p.params, ...name }, b.id);
        }
        if (!wellFormedIds(when.initiatorDepartments) || !wellFormedIds(when.initiatorRoles)) add(node.id, 'workflow.design.badIds', name, b.id);
      }
    } else {
      for (const b of node.branches) if (!isDefaultCondition(b.when)) add(node.id, 'workflow.design.parallelCondition', name, b.id);
    }
    for (const b of node.branches) checkPath(b.nodes, inParallel || node.type === 'parallel');
  };

  /** Whether a path always stops at an end: an end on it, or a condition node all of whose branches stop. */
  const stops = (node: FlowNode): boolean =>
    node.type === 'end' || (node.type === 'condition' && node.branches.length > 0 && node.branches.every((b) => b.nodes.some(stops)));

  const checkPath = (path: FlowNode[], inParallel: boolean) => {
    let stopped = false;
    for (const node of path) {
      if (stopped) {
        add(node.id, 'workflow.design.afterEnd', { node: label(node) });
        stopped = false; // once per stretch: the rest follows from the same cause
      }
      checkNode(node, inParallel);
      if (stops(node)) stopped = true;
    }
  };

  const main = model.nodes;
  const starts = allNodes(main).filter((n) => n.type === 'start');
  if (starts.length === 0) add('', 'workflow.design.startMissing');
  for (const start of starts) if (start !== main[0]) add(start.id, 'workflow.design.startMisplaced', { node: label(start) });
  checkPath(main, false);
  const last = main[main.length - 1];
  if (!last || last.type !== 'end') add(last?.id ?? '', 'workflow.design.endMissing');
  if (!wellFormedIds(model.settings.managers)) add('', 'workflow.design.badManagers');
  return problems.slice(0, MAX_PROBLEMS);
}
