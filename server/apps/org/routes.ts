import { NoQuery } from '../../../shared/api/common.ts';
import { directory } from './directory.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerDepartmentMemberRoutes } from './department-members.ts';
import { registerDepartmentRoutes } from './departments.ts';
import { registerGroupRoutes } from './groups.ts';
import { registerPostRoutes } from './posts.ts';
import { registerSettingsRoutes } from './settings.ts';
import { registerWorkTimeRoutes } from './work-time.ts';
import { registerEnterpriseInfoRoutes } from './enterprise-info.ts';
import { registerAppearanceRoutes } from './appearance.ts';
import { webchatEnabled } from './appearance-store.ts';
import { registerGrantRoutes } from './grants.ts';
import { registerRoleRoutes } from './roles.ts';
import { registerSecurityPolicyRoutes } from './security-policy.ts';
import { registerLanguageRoutes } from './language.ts';
import { registerOverviewRoutes } from './overview.ts';
import { registerLogoRoutes } from './logo.ts';
import { registerJoinReviewRoutes } from './join-review.ts';
import { registerRegistrationRoutes } from './registration.ts';
import { registerMemberImportRoutes } from './member-import-routes.ts';
import { registerMemberReadRoutes } from './member-read.ts';
import { registerMemberWriteRoutes } from './member-write.ts';
import { registerContactRoutes } from './contacts.ts';
import { registerMailRoutes } from './mail.ts';
import { registerAiSettingsRoutes } from './ai-settings.ts';
import { registerNavigationRoutes } from './navigation.ts';
import { registerMemberFieldRoutes } from './member-fields.ts';
import { registerDataSharingRoutes } from './data-sharing.ts';
import { registerDelegationRoutes } from './delegation.ts';
import { resolveRecipients } from './recipients.ts';
import { registerSelfGroupRoutes } from './self-groups.ts';
import { registerSelfPortraitRoutes } from './self-portrait.ts';
import { registerSelfProfileRoutes } from './self-profile.ts';
import { registerSaasRoutes } from './saas/routes.ts';
import { registerJobsRoutes } from './jobs.ts';
import { spaceRequests } from './space-requests.ts';

/**
 * Organisation structure of a space (spec §2.6 sysop/structure): departments and the space's members.
 * Departments are space-owned rows: row-level security confines every query to the request's space, so an id
 * from another space simply does not exist here.
 */
function register(app: App, kernel: Kernel): void {
  // Notices name departments, roles and groups; only this app knows who is in them.
  kernel.notices.provideResolver(resolveRecipients);
  kernel.directory.provide(directory);
  kernel.spaceRequests.provide(spaceRequests);
  registerDepartmentRoutes(app, kernel);
  registerDepartmentMemberRoutes(app, kernel);
  registerPostRoutes(app, kernel);

  // Memberships are a platform table: the access layer confines this read to the request's space.
  app.get('/api/org/members', { config: { access: { permission: 'org.members.read' } }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const rows = await kernel.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.login_id as loginId', 'u.name', 'u.status', 'm.roles'])
      .where('m.space_id', '=', space.id)
      .orderBy('u.id')
      .execute();
    return { code: 200, msg: 'ok', data: { members: rows } };
  });

  registerMemberReadRoutes(app, kernel);
  registerMemberWriteRoutes(app, kernel);
  registerMemberImportRoutes(app, kernel);
  registerRoleRoutes(app, kernel);
  registerGrantRoutes(app, kernel);
  registerSecurityPolicyRoutes(app, kernel);
  registerLanguageRoutes(app, kernel);
  registerOverviewRoutes(app, kernel);
  registerLogoRoutes(app, kernel);
  registerRegistrationRoutes(app, kernel);
  registerJoinReviewRoutes(app, kernel);
  registerGroupRoutes(app, kernel);
  registerSettingsRoutes(app, kernel);
  registerWorkTimeRoutes(app, kernel);
  registerEnterpriseInfoRoutes(app, kernel);
  registerAppearanceRoutes(app, kernel);
  registerContactRoutes(app, kernel);
  registerMailRoutes(app, kernel);
  registerAiSettingsRoutes(app, kernel);
  registerNavigationRoutes(app, kernel);
  registerMemberFieldRoutes(app, kernel);
  registerDataSharingRoutes(app, kernel);
  registerDelegationRoutes(app, kernel);
  registerJobsRoutes(app, kernel);
  // Personal settings "My info" and "User groups" (decision 0062).
  registerSelfProfileRoutes(app, kernel);
  registerSelfPortraitRoutes(app, kernel);
  registerSelfGroupRoutes(app, kernel);
  registerSaasRoutes(app, kernel); // The service provider's console (decision 0074).
  // The chat app asks the web chat switch through the kernel, never importing this app (decision 0052).
  kernel.webchat.provide(webchatEnabled);
}

export const orgApp: ServerApp = { id: 'org', register };
