import { LOGIN_FAILURES_BEFORE_WAIT } from './constants.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type FieldProblem } from './validation/password.ts';

/** Roles an IP allow-list may be set for (root is the platform's and is never locked out by a space). */
export const IP_ROLES = ['admin', 'safe', 'audit', 'user'] as const;
export type IpRole = (typeof IP_ROLES)[number];

/**
 * A space's security policy (§2.6 `securityaudit/management`), owned by the security reviewer and enforced by
 * the kernel: passwords set in the space, sign-in lockout of its members, idle sessions, addresses per role, and a
 * watermark nobody can switch off. The defaults are the platform's floor (§5: three wrong passwords, one minute).
 */
export interface SecurityPolicy {
  passwordMinLength: number;
  /** How many of lower case, upper case, digits and symbols a password must mix (1–4). */
  passwordClasses: number;
  /** Days before a password must be changed; 0: never. */
  passwordExpiryDays: number;
  /** Wrong passwords in a row before the wait; never more than the spec's three. */
  lockoutFailures: number;
  lockoutMinutes: number;
  /** Minutes without a request before a session ends; 0: only the session's own lifetime. */
  idleMinutes: number;
  ipAllow: Partial<Record<IpRole, string[]>>;
  watermarkEnforced: boolean;
}

export const DEFAULT_POLICY: SecurityPolicy = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  passwordClasses: 1,
  passwordExpiryDays: 0,
  lockoutFailures: LOGIN_FAILURES_BEFORE_WAIT,
  lockoutMinutes: 1,
  idleMinutes: 0,
  ipAllow: {},
  watermarkEnforced: false,
};

export const POLICY_LIMITS = {
  passwordMinLength: [PASSWORD_MIN_LENGTH, 64],
  passwordClasses: [1, 4],
  passwordExpiryDays: [0, 365],
  lockoutFailures: [1, LOGIN_FAILURES_BEFORE_WAIT],
  lockoutMinutes: [1, 1440],
  idleMinutes: [0, 1440],
} as const;

/** IPv4 or IPv6 address, optionally with a prefix length (CIDR). */
const ADDRESS = /^(?:(?:\d{1,3}\.){3}\d{1,3}(?:\/(?:[0-9]|[12][0-9]|3[0-2]))?|[0-9a-fA-F:]{2,39}(?:\/(?:[0-9]|[1-9][0-9]|1[01][0-9]|12[0-8]))?)$/;
export const isAddressRule = (text: string) => ADDRESS.test(text) && (!text.includes('.') || text.split('/')[0]!.split('.').every((n) => Number(n) <= 255));

export function policyProblems(policy: SecurityPolicy): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, [min, max]] of Object.entries(POLICY_LIMITS) as Array<[keyof typeof POLICY_LIMITS, readonly [number, number]]>) {
    const value = policy[field];
    if (!Number.isInteger(value) || value < min || value > max) problems.push({ field, key: 'security.policy.range', params: { field: `security.policy.${field}`, min, max } });
  }
  if (policy.idleMinutes > 0 && policy.idleMinutes < 5) problems.push({ field: 'idleMinutes', key: 'security.policy.idleTooShort', params: { min: 5 } });
  for (const [role, rules] of Object.entries(policy.ipAllow)) {
    if ((rules ?? []).length > 20) problems.push({ field: `ipAllow.${role}`, key: 'security.policy.tooManyAddresses', params: { max: 20 } });
    for (const rule of rules ?? []) if (!isAddressRule(rule)) problems.push({ field: `ipAllow.${role}`, key: 'security.policy.badAddress', params: { address: rule.slice(0, 50) } });
  }
  return problems;
}

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** What a new password lacks under the policy (empty: fine). */
export function passwordPolicyProblems(password: string, policy: SecurityPolicy, field = 'password'): FieldProblem[] {
  const length = [...password].length;
  if (length < policy.passwordMinLength) return [{ field, key: 'account.passwordTooShort', params: { min: policy.passwordMinLength } }];
  if (length > PASSWORD_MAX_LENGTH) return [{ field, key: 'account.passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } }];
  const classes = CLASSES.filter((c) => c.test(password)).length;
  if (classes < policy.passwordClasses) return [{ field, key: 'security.policy.passwordClasses', params: { n: policy.passwordClasses } }];
  return [];
}

export type SecurityLevel = 'low' | 'medium' | 'high';

/** §9's grades from what the policy demands: one point per measure stronger than the floor. */
export function securityLevel(policy: SecurityPolicy): SecurityLevel {
  const points = [
    policy.passwordMinLength >= 10,
    policy.passwordClasses >= 3,
    policy.passwordExpiryDays > 0 && policy.passwordExpiryDays <= 90,
    policy.lockoutMinutes >= 15,
    policy.idleMinutes > 0 && policy.idleMinutes <= 30,
    (policy.ipAllow.admin ?? []).length > 0,
    policy.watermarkEnforced,
  ].filter(Boolean).length;
  return points >= 5 ? 'high' : points >= 3 ? 'medium' : 'low';
}
