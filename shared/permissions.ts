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
  // Announcements, planned maintenance, platform settings and the role × permission table (`/root/*`).
  'console.platform.manage': ['root'],
  'org.structure.read': ['saas', 'admin', 'user', 'safe', 'audit'],
  'org.structure.manage': ['admin'],
  // The enterprise's own settings pages (information, logo, look, work time, time zone): configuration.
  'org.settings.manage': ['admin'],
  'org.members.read': ['saas', 'admin', 'safe', 'audit'],
  // Creating, importing, disabling members and resetting their passwords is the administrator's (three-role split).
  'org.members.manage': ['admin'],
  // Enterprise roles and role groups are the administrator's; sensitive grants wait for the security reviewer.
  'org.roles.manage': ['admin'],
  'org.grants.request': ['admin'],
  'org.grants.decide': ['safe'],
  'org.grants.read': ['admin', 'safe', 'audit'],
  // The space's security policy is the security reviewer's; the administrator and the auditor read it.
  'org.security.read': ['admin', 'safe', 'audit'],
  'org.security.manage': ['safe'],
  // The space's SMTP server (a stored credential) and the wording of its e-mails are the administrator's.
  'org.mail.manage': ['admin'],
  // The space's AI model connection (a stored key that spends the enterprise's money) and its budget: the administrator's.
  'org.ai.manage': ['admin'],
  // The space's own wording (languagesetting) is configuration: the administrator's.
  'org.language.manage': ['admin'],
  // The menus of the space's web and app terminals (navigation) are configuration: the administrator's.
  'org.navigation.manage': ['admin'],
  // Application centre: everyone in a space browses the apps their roles allow; admins build them.
  'appcenter.read': ['saas', 'admin', 'user', 'safe', 'audit'],
  'appcenter.manage': ['admin'],
  // Forms: designing forms, permission rules and shared views is admin work; records follow record permissions.
  'forms.design': ['admin'],
  'forms.records': ['saas', 'admin', 'user', 'safe', 'audit'],
  // The message centre: every member of a space reads their own messages and sets their own subscriptions.
  'messages.read': ['saas', 'admin', 'user', 'safe', 'audit'],
  // The space's subscription defaults, the delivery failures and announcements to the space: the administrator's.
  'messages.admin': ['admin'],
  // Workflow: every member works his to-dos, starts flows and keeps his agents; monitoring every instance is the
  // administrator's (a flow's own process managers monitor that flow's instances too, checked per flow).
  'workflow.use': ['saas', 'admin', 'user', 'safe', 'audit'],
  'workflow.monitor': ['admin', 'user'],
  // Portals: every member opens the portals of his role groups; creating and changing them is the administrator's.
  'portal.view': ['saas', 'admin', 'user', 'safe', 'audit'],
  'portal.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function rolesFor(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/**
 * Configuration permissions an administrator may delegate to a member who is not one (decision 0045), each a
 * group of console pages. Never delegable: people and their powers (members, roles, grants), security policy,
 * the operation log and the platform's own permissions — handing those out would undo the three-role split.
 */
export const DELEGABLE_PERMISSIONS = [
  'org.structure.manage',
  'org.settings.manage',
  'org.mail.manage',
  'org.language.manage',
  'org.navigation.manage',
  'appcenter.manage',
  'forms.design',
  'portal.manage',
] as const satisfies readonly Permission[];

export type DelegablePermission = (typeof DELEGABLE_PERMISSIONS)[number];

export const isDelegable = (name: string): name is DelegablePermission => (DELEGABLE_PERMISSIONS as readonly string[]).includes(name);

/** Whether someone with these roles and delegated permissions in a space holds `permission` there. */
export function holds(permission: Permission, roles: readonly string[], delegated: readonly string[] = []): boolean {
  if (rolesFor(permission).some((role) => roles.includes(role))) return true;
  return isDelegable(permission) && delegated.includes(permission);
}

/**
 * Separation of duties (decision 0026): the security and audit officers read what their duty needs (logs,
 * security pages) and are not business users. An app whose roles are empty is every BUSINESS member's; safe and
 * audit use an app only when an admin names their role in it (decision 0026). Managers of the application centre
 * (admins) open every app; that exception is the caller's, as it is for the other app checks.
 */
export const DUTY_ROLES = ['safe', 'audit'] as const satisfies readonly Role[];
export const BUSINESS_ROLES = ['saas', 'admin', 'user'] as const satisfies readonly Role[];

export const holdsBusinessRole = (roles: readonly string[]) => roles.some((role) => (BUSINESS_ROLES as readonly string[]).includes(role));

/** Whether a holder of `roles` may use an app limited to `appRoles` (empty: every business member). */
export function appOpenTo(appRoles: readonly string[], roles: readonly string[]): boolean {
  if (appRoles.length === 0) return holdsBusinessRole(roles);
  return appRoles.some((role) => roles.includes(role));
}
