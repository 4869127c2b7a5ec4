import { FILTER_LIMITS, OPERATORS } from '../forms/filters.ts';
import {
  APPROVAL_MODES, ASSIGNEE_KINDS, EMPTY_POLICIES, FIELD_MODES, FLOW_LIMITS, NODE_ACTIONS, NODE_TYPES, SELF_POLICIES, TIMEOUT_ACTIONS,
} from './model.ts';

/** One thing wrong with a flow model: the node it is about ('' for the whole flow), an i18n key and its parameters. */
export interface ModelProblem {
  node: string;
  key: string;
  params?: Record<string, string | number>;
  /** The branch of a condition or parallel node the problem is about, when it is one. */
  branch?: string;
}

export const NODE_ID = /^[A-Za-z0-9_-]{1,40}$/;
/** Ids of members, roles, role groups, posts and departments (bigint keys of their tables). */
export const ENTITY_ID = /^[0-9]{1,18}$/;
/** A form field key as a node's field modes and a member-field rule name it (fields.ts FIELD_KEY_PATTERN). */
const FIELD_KEY = /^f[0-9]{1,6}$/;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const within = (text: string, max: number) => [...text].length <= max;

/** Keys each node type may carry; anything else is refused (the model arrives as JSON from a client). */
const NODE_KEYS: Record<(typeof NODE_TYPES)[number], { required: string[]; optional: string[] }> = {
  start: { required: ['id', 'type', 'name', 'fields'], optional: ['initiatorCc'] },
  approval: {
    required: ['id', 'type', 'name', 'assignees', 'mode', 'fields', 'actions', 'emptyPolicy', 'selfPolicy', 'rollbackTargets', 'afterRollback'],
    optional: ['emptyUsers', 'reasonRequired', 'timeLimit'],
  },
  cc: { required: ['id', 'type', 'name', 'assignees', 'fields'], optional: [] },
  condition: { required: ['id', 'type', 'name', 'branches'], optional: [] },
  parallel: { required: ['id', 'type', 'name', 'branches'], optional: [] },
  end: { required: ['id', 'type', 'name'], optional: [] },
};
const SETTING_KEYS = ['allowWithdraw', 'allowRetrieve', 'initiatorMayInterrupt', 'autoDedupe', 'managers', 'allowInvalidateApproved'];

/**
 * The shape check of a flow model: every object has exactly the keys its type names, every value the type and a
 * bounded size (node count, branches per gateway, nesting, text lengths, list lengths). It runs on untrusted JSON
 * (a saved draft, a publish) before anything reads the model as typed, and stops descending where it is too deep.
 * Whether the flow is complete (assignees, default branches, fields that exist) is validate-model.ts's business.
 */
export function shapeProblems(input: unknown): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const bad = (at: string, node = '') => problems.push({ node, key: 'workflow.design.malformed', params: { at } });
  const ids = new Set<string>();
  let nodes = 0;

  const exactKeys = (value: unknown, at: string, required: readonly string[], optional: readonly string[], node = ''): value is Obj => {
    if (!isObject(value)) return bad(at, node), false;
    const allowed = new Set([...required, ...optional]);
    const extra = Object.keys(value).find((k) => !allowed.has(k));
    const missing = required.find((k) => !(k in value));
    if (extra !== undefined) bad(`${at}.${extra.slice(0, 40)}`.replace(/^\./, ''), node);
    if (missing !== undefined) bad(`${at}.${missing}`.replace(/^\./, ''), node);
    return extra === undefined && missing === undefined;
  };
  const oneOf = (value: unknown, choices: readonly string[]) => typeof value === 'string' && choices.includes(value);
  const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  const idList = (value: unknown, max: number) =>
    Array.isArray(value) && value.length <= max && value.every((v) => typeof v === 'string' && v.length <= 40) && new Set(value).size === value.length;

  const name = (value: unknown, at: string, node: string) => {
    if (typeof value !== 'string') return bad(at, node);
    if (!within(value, FLOW_LIMITS.name)) problems.push({ node, key: 'workflow.design.nameTooLong', params: { limit: FLOW_LIMITS.name } });
  };
  const id = (value: unknown, at: string): string | null => {
    if (typeof value !== 'string' || !NODE_ID.test(value)) return bad(at), null;
    if (ids.has(value)) problems.push({ node: value, key: 'workflow.design.duplicateId', params: { id: value } });
    ids.add(value);
    return value;
  };

  const filter = (group: unknown, at: string, depth: number, node: string): void => {
    if (depth > FILTER_LIMITS.depth) return void bad(at, node);
    if (!exactKeys(group, at, ['logic', 'items'], [], node)) return;
    if (!oneOf(group.logic, ['and', 'or']) || !Array.isArray(group.items) || group.items.length > FILTER_LIMITS.conditions) return void bad(at, node);
    group.items.forEach((item, i) => {
      const here = `${at}.items.${i}`;
      if (isObject(item) && 'items' in item) return filter(item, here, depth + 1, node);
      if (!exactKeys(item, here, ['field', 'op'], ['value'], node)) return;
      const scalar = (v: unknown) => (typeof v === 'string' && v.length <= FILTER_LIMITS.text) || (typeof v === 'number' && Number.isFinite(v));
      const value = item.value;
      const valueOk = value === undefined || scalar(value) || (Array.isArray(value) && value.length <= FILTER_LIMITS.listValues && value.every(scalar));
      if (typeof item.field !== 'string' || item.field.length > 20 || !oneOf(item.op, OPERATORS) || !valueOk) bad(here, node);
    });
  };

  const when = (value: unknown, at: string, node: string) => {
    if (value === null) return;
    if (!exactKeys(value, at, [], ['filter', 'initiatorDepartments', 'initiatorRoles'], node)) return;
    if (value.filter !== undefined && value.filter !== null) filter(value.filter, `${at}.filter`, 1, node);
    for (const key of ['initiatorDepartments', 'initiatorRoles'] as const) {
      if (value[key] !== undefined && !idList(value[key], FLOW_LIMITS.assignees)) bad(`${at}.${key}`, node);
    }
  };

  const fieldModes = (value: unknown, at: string, node: string) => {
    if (!isObject(value) || Object.keys(value).length > 250) return bad(at, node);
    for (const [key, mode] of Object.entries(value)) if (!FIELD_KEY.test(key) || !oneOf(mode, FIELD_MODES)) bad(`${at}.${key.slice(0, 20)}`, node);
  };

  const assignees = (value: unknown, at: string, node: string) => {
    if (!Array.isArray(value) || value.length > 20) return bad(at, node);
    value.forEach((rule, i) => {
      const here = `${at}.${i}`;
      if (!exactKeys(rule, here, ['kind'], ['ids', 'levels', 'field'], node)) return;
      if (!oneOf(rule.kind, ASSIGNEE_KINDS)) bad(`${here}.kind`, node);
      if (rule.ids !== undefined && !idList(rule.ids, FLOW_LIMITS.assignees)) bad(`${here}.ids`, node);
      if (rule.levels !== undefined && !count(rule.levels)) bad(`${here}.levels`, node);
      if (rule.field !== undefined && (typeof rule.field !== 'string' || rule.field.length > 20)) bad(`${here}.field`, node);
    });
  };

  const timeLimit = (value: unknown, at: string, node: string) => {
    if (value === null || value === undefined) return;
    if (!exactKeys(value, at, ['minutes', 'action'], ['remindBefore', 'remindEvery', 'maxReminds'], node)) return;
    if (!oneOf(value.action, TIMEOUT_ACTIONS)) bad(`${at}.action`, node);
    for (const key of ['minutes', 'remindBefore', 'remindEvery', 'maxReminds']) if (value[key] !== undefined && !count(value[key])) bad(`${at}.${key}`, node);
  };

  const approval = (n: Obj, at: string, node: string) => {
    assignees(n.assignees, `${at}.assignees`, node);
    if (!oneOf(n.mode, APPROVAL_MODES)) bad(`${at}.mode`, node);
    if (!Array.isArray(n.actions) || new Set(n.actions).size !== n.actions.length || !n.actions.every((a) => oneOf(a, NODE_ACTIONS))) bad(`${at}.actions`, node);
    if (!oneOf(n.emptyPolicy, EMPTY_POLICIES)) bad(`${at}.emptyPolicy`, node);
    if (n.emptyUsers !== undefined && !idList(n.emptyUsers, FLOW_LIMITS.assignees)) bad(`${at}.emptyUsers`, node);
    if (!oneOf(n.selfPolicy, SELF_POLICIES)) bad(`${at}.selfPolicy`, node);
    if (n.reasonRequired !== undefined && typeof n.reasonRequired !== 'boolean') bad(`${at}.reasonRequired`, node);
    timeLimit(n.timeLimit, `${at}.timeLimit`, node);
    if (!oneOf(n.rollbackTargets, ['previous', 'anyPassed'])) bad(`${at}.rollbackTargets`, node);
    if (!oneOf(n.afterRollback, ['rerun', 'jumpBack'])) bad(`${at}.afterRollback`, node);
  };

  const path = (value: unknown, at: string, depth: number): void => {
    if (!Array.isArray(value)) return void bad(at);
    value.forEach((n, i) => {
      const here = `${at}.${i}`;
      nodes += 1;
      if (nodes === FLOW_LIMITS.nodes + 1) problems.push({ node: '', key: 'workflow.design.tooManyNodes', params: { limit: FLOW_LIMITS.nodes } });
      if (nodes > FLOW_LIMITS.nodes) return;
      if (!isObject(n) || !oneOf(n.type, NODE_TYPES)) return void bad(`${here}.type`);
      const nodeId = id(n.id, `${here}.id`) ?? '';
      const keys = NODE_KEYS[n.type as keyof typeof NODE_KEYS];
      if (!exactKeys(n, here, keys.required, keys.optional, nodeId)) return;
      name(n.name, `${here}.name`, nodeId);
      if (n.type === 'start' || n.type === 'approval' || n.type === 'cc') fieldModes(n.fields, `${here}.fields`, nodeId);
      if (n.type === 'start' && n.initiatorCc !== undefined && typeof n.initiatorCc !== 'boolean') bad(`${here}.initiatorCc`, nodeId);
      if (n.type === 'cc') assignees(n.assignees, `${here}.assignees`, nodeId);
      if (n.type === 'approval') approval(n, here, nodeId);
      if (n.type !== 'condition' && n.type !== 'parallel') return;
      if (depth >= FLOW_LIMITS.depth) return void problems.push({ node: nodeId, key: 'workflow.design.tooDeep', params: { limit: FLOW_LIMITS.depth } });
      if (!Array.isArray(n.branches)) return void bad(`${here}.branches`, nodeId);
      if (n.branches.length > FLOW_LIMITS.branches) problems.push({ node: nodeId, key: 'workflow.design.tooManyBranches', params: { limit: FLOW_LIMITS.branches } });
      n.branches.slice(0, FLOW_LIMITS.branches).forEach((b, j) => {
        const at = `${here}.branches.${j}`;
        if (!exactKeys(b, at, ['id', 'name', 'when', 'nodes'], [], nodeId)) return;
        const branchId = id(b.id, `${at}.id`);
        name(b.name, `${at}.name`, nodeId);
        when(b.when, `${at}.when`, nodeId);
        if (branchId !== null) path(b.nodes, `${at}.nodes`, depth + 1);
      });
    });
  };

  if (!exactKeys(input, '', ['nodes', 'settings'], [])) return problems;
  path(input.nodes, 'nodes', 0);
  const settings = input.settings;
  if (exactKeys(settings, 'settings', SETTING_KEYS, [])) {
    for (const key of ['allowWithdraw', 'allowRetrieve', 'initiatorMayInterrupt', 'allowInvalidateApproved']) if (typeof settings[key] !== 'boolean') bad(`settings.${key}`);
    if (!oneOf(settings.autoDedupe, ['none', 'all', 'consecutive'])) bad('settings.autoDedupe');
    if (!idList(settings.managers, FLOW_LIMITS.assignees)) bad('settings.managers');
  }
  return problems;
}
