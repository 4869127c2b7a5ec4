import type { Role } from '../roles.ts';

/**
 * The space's data-sharing policy (spec §2.6 shareData; decision 0046): what members may take out of the platform.
 * For each action an admin chooses everyone (the default, the platform's behaviour before the page existed), only
 * named platform and enterprise roles, or nobody. Administrators are always allowed: no policy can lock a space out
 * of its own data.
 *
 * - Server: an app asks `kernel.sharing.require(trx, viewer, action)` inside its request's transaction (the org app
 *   registers the checker; server/kernel/data-sharing.ts). A refusal is a 403 with `SHARING_REFUSED[action]`.
 * - Renderer: the forms app's `can` (GET /api/forms/forms/{id}) carries the four answers for the viewer.
 * - Admins read and change the policy with GET / PUT `SHARING_PATH`.
 */
export const SHARING_ACTIONS = ['export', 'print', 'download', 'share'] as const;
export type SharingAction = (typeof SHARING_ACTIONS)[number];

export const SHARING_MODES = ['everyone', 'roles', 'nobody'] as const;
export type SharingMode = (typeof SHARING_MODES)[number];

/** Platform roles an admin may name: admin needs no naming (always allowed) and root is no member of a space. */
export const NAMEABLE_ROLES = ['user', 'saas', 'safe', 'audit'] as const satisfies readonly Role[];
export type NameableRole = (typeof NAMEABLE_ROLES)[number];

export interface SharingRule {
  mode: SharingMode;
  /** With mode 'roles': holders of any of these platform roles… */
  platformRoles: NameableRole[];
  /** …or of any of these enterprise roles (ids of org_role; a role deleted since matches nobody). */
  enterpriseRoles: string[];
}
export type SharingPolicy = Record<SharingAction, SharingRule>;
/** What one member may do, as the server answers it. */
export type SharingAllowed = Record<SharingAction, boolean>;

export const SHARING_PATH = '/api/org/data-sharing';
export const SHARING_LIMITS = { enterpriseRoles: 100 } as const;

const EVERYONE: SharingRule = { mode: 'everyone', platformRoles: [], enterpriseRoles: [] };
export const DEFAULT_SHARING_POLICY: SharingPolicy = { export: EVERYONE, print: EVERYONE, download: EVERYONE, share: EVERYONE };
export const ALL_ALLOWED: SharingAllowed = { export: true, print: true, download: true, share: true };

/** What a refused member reads, in their language (org-sharing.json); literal keys so the i18n scan finds them. */
export const SHARING_REFUSED: Record<SharingAction, string> = {
  export: 'org.sharing.refused.export',
  print: 'org.sharing.refused.print',
  download: 'org.sharing.refused.download',
  share: 'org.sharing.refused.share',
};

/** Whether a member holding platform `roles` and enterprise roles `held` may take an action under `rule`. */
export function ruleAllows(rule: SharingRule, roles: readonly string[], held: readonly string[]): boolean {
  if (rule.mode === 'everyone') return true;
  if (rule.mode === 'nobody') return false;
  return rule.platformRoles.some((role) => roles.includes(role)) || rule.enterpriseRoles.some((id) => held.includes(id));
}

export interface SharingProblem {
  key: string;
  params?: Record<string, string | number>;
}

const ROLE_ID = /^[0-9]{1,18}$/;
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => (list as readonly string[]).includes(value as string);

/** An edit as it is saved: ids trimmed and once each; lists of a mode other than 'roles' are not kept. */
export function tidySharingPolicy(policy: SharingPolicy): SharingPolicy {
  const tidy = (rule: SharingRule): SharingRule =>
    rule.mode === 'roles'
      ? { mode: rule.mode, platformRoles: [...new Set(rule.platformRoles)], enterpriseRoles: [...new Set(rule.enterpriseRoles.map((id) => id.trim()))] }
      : { mode: rule.mode, platformRoles: [], enterpriseRoles: [] };
  return { export: tidy(policy.export), print: tidy(policy.print), download: tidy(policy.download), share: tidy(policy.share) };
}

/**
 * The first thing wrong with an edit (after tidying), or null. Which enterprise roles exist is the server's to say.
 * `action` is the key of the action's name, which the server translates into the caller's language.
 */
export function sharingProblem(policy: SharingPolicy): SharingProblem | null {
  for (const action of SHARING_ACTIONS) {
    const rule = policy[action];
    const named = { action: `org.sharing.action.${action}` };
    if (!oneOf(SHARING_MODES, rule.mode)) return { key: 'org.sharing.problem.mode', params: named };
    const role = rule.platformRoles.find((r) => !oneOf(NAMEABLE_ROLES, r));
    if (role !== undefined) return { key: 'org.sharing.problem.platformRole', params: { role: String(role).slice(0, 20) } };
    if (rule.enterpriseRoles.length > SHARING_LIMITS.enterpriseRoles) return { key: 'org.sharing.problem.tooManyRoles', params: { ...named, max: SHARING_LIMITS.enterpriseRoles } };
    const id = rule.enterpriseRoles.find((r) => !ROLE_ID.test(r));
    if (id !== undefined) return { key: 'org.sharing.problem.unknownRole', params: { id: id.slice(0, 20) } };
    // "Only these roles" with none named would be "nobody" without saying so: the admin chooses "nobody" for that.
    if (rule.mode === 'roles' && rule.platformRoles.length + rule.enterpriseRoles.length === 0) return { key: 'org.sharing.problem.noRole', params: named };
  }
  return null;
}
