/**
 * How the operation log names an entry in words (decision 0114). An action id declared by a route
 * (`config: { action }`) or written by the kernel has the label `oplog.action.<id>`; an entry of a route that
 * declares none (a refused read) is stored as `METHOD /path` and reads "Read /path". A target made of parts
 * (`11:disabled`) reads through `oplog.target.<id>`, its enumerated parts through `oplog.value.<part>.<value>`.
 * Whatever has no string shows as stored: a new id is never hidden.
 */
type Translate = (key: string, params?: Record<string, string>) => string | null;

export const actionKey = (action: string) => `oplog.action.${action}`;

/** Actions the kernel and apps write themselves, not through a route's declaration. */
export const WRITTEN_ACTIONS = ['kernel.oplog.crossSpaceRead', 'console.track.read'] as const;

/** The parts of a colon-separated target, by action, as its route sets `auditTarget`. */
export const TARGET_PARTS: Readonly<Record<string, readonly string[]>> = {
  'org.member.status': ['member', 'status'],
  'org.grant.request': ['member', 'change', 'role'],
  'org.delegation.request': ['member', 'change', 'permission'],
  'org.role.members.add': ['role', 'members'],
  'org.role.members.remove': ['role', 'member'],
  'org.language.set': ['language', 'key'],
  'org.language.reset': ['language', 'key'],
  'org.memberField.update': ['field', 'label'],
  'org.memberField.delete': ['field', 'label', 'count'],
};

/** Parts whose values are a closed set named in words (the others are ids, keys and labels, shown as they are). */
export const TARGET_VALUES: Readonly<Record<string, readonly string[]>> = {
  status: ['active', 'disabled'],
  change: ['grant', 'revoke'],
  role: ['admin', 'safe', 'audit'],
};

const UNDECLARED = /^(GET|HEAD|POST|PUT|PATCH|DELETE) (\/\S*)$/;

export function actionText(action: string, translate: Translate): string {
  const label = translate(actionKey(action));
  if (label) return label;
  const undeclared = UNDECLARED.exec(action);
  if (undeclared) {
    const [, method, path] = undeclared as unknown as [string, string, string];
    const text = method === 'GET' || method === 'HEAD' ? translate('oplog.read', { path }) : translate('oplog.write', { method, path });
    if (text) return text;
  }
  return action;
}

export function targetText(action: string, target: string | null, translate: Translate): string | null {
  if (target === null) return null;
  if (target.startsWith('replay of ')) return translate('oplog.target.replay', { key: target.slice('replay of '.length) }) ?? target;
  const names = TARGET_PARTS[action];
  if (!names) return target;
  const values = target.split(':');
  // A label may itself hold a colon: the last part takes the rest.
  if (values.length < names.length) return target;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = i === names.length - 1 ? values.slice(i).join(':') : values[i]!;
    params[name] = (TARGET_VALUES[name]?.includes(raw) ? translate(`oplog.value.${name}.${raw}`) : null) ?? raw;
  });
  return translate(`oplog.target.${action}`, params) ?? target;
}
