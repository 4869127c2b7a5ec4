import type { Role } from './roles.ts';

/**
 * Named permissions and the roles that hold them. An API route declares either roles or one of these, so the
 * question "who may do X" has one answer shared by the server and the renderer.
 */
export const PERMISSIONS = {
  'kernel.oplog.read': ['audit', 'root'],
  'kernel.maintenance.switch': ['root'],
  'console.spaces.manage': ['root'],
  'console.users.manage': ['root'],
  'org.structure.read': ['saas', 'admin', 'user', 'safe', 'audit'],
  'org.structure.manage': ['admin'],
  'org.members.read': ['saas', 'admin', 'safe', 'audit'],
  // Application centre: everyone in a space browses the apps their roles allow; admins build them.
  'appcenter.read': ['saas', 'admin', 'user', 'safe', 'audit'],
  'appcenter.manage': ['admin'],
  // Forms: designing forms, permission rules and shared views is admin work; records follow record permissions.
  'forms.design': ['admin'],
  'forms.records': ['saas', 'admin', 'user', 'safe', 'audit'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function rolesFor(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}
