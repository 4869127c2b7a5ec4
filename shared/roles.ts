/** The six roles of spec §1/§6. `root` is the platform operator; the others are held per space. */
export const ROLES = ['root', 'saas', 'admin', 'user', 'safe', 'audit'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The three duties of spec §6 that check one another: the administrator asks, the security reviewer decides, the
 * auditor reads the trail. One person holding two of them could ask and decide, or act and audit himself.
 */
export const DUTY_ROLES = ['admin', 'safe', 'audit'] as const;

const DUTY_CLASH_KEYS: Record<string, string> = {
  'admin+safe': 'org.grants.dutyClash.adminSafe',
  'admin+audit': 'org.grants.dutyClash.adminAudit',
  'safe+audit': 'org.grants.dutyClash.safeAudit',
};

/** The message key naming the two duties `roles` would give one person, or null when it holds at most one. */
export function dutyClash(roles: readonly string[]): string | null {
  const held = DUTY_ROLES.filter((role) => roles.includes(role));
  return held.length < 2 ? null : DUTY_CLASH_KEYS[`${held[0]}+${held[1]}`]!;
}
