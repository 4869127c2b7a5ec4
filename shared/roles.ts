/** The six roles of spec §1/§6. `root` is the platform operator; the others are held per space. */
export const ROLES = ['root', 'saas', 'admin', 'user', 'safe', 'audit'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
