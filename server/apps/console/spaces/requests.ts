import { IdParam, NoQuery } from '../../../../shared/api/common.ts';
import { ApproveRequestBody, RejectRequestBody, SpaceRequestQuery } from '../../../../shared/api/console-spaces.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { createAccount } from './accounts.ts';
import { enterpriseRow, insertEnterprise } from './enterprise-rows.ts';
import { announceMembers } from './member-events.ts';

const access = { permission: 'console.spaces.manage' } as const;

/**
 * Root's decision on enterprise registrations made on entRegist (decision 0073): approval makes the space and its
 * first administrator from the request (the applicant's own password hash) in one transaction with closing it.
 */
export function registerSpaceRequestRoutes(app: App, kernel: Kernel): void {
  // The org app keeps the requests (org_space_request): the console asks it through the kernel.
  const kept = () => kernel.spaceRequests.requests;
  app.get('/api/console/space-requests', { config: { access }, schema: { querystring: SpaceRequestQuery } }, async (req) => {
    const requests = await kept().list(kernel.db, req.query.state);
    return { code: 200, msg: 'ok', data: { requests } };
  });

  app.post('/api/console/space-requests/:id/approve', { config: { access, action: 'console.spaceRequest.approve' }, schema: { params: IdParam, querystring: NoQuery, body: ApproveRequestBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const me = signedIn(req);
    const space = await kernel.transact(req, async (trx) => {
      const request = await kept().takePending(trx, req.params.id);
      const { id, joined } = await insertEnterprise(trx, {
        name: request.enterpriseName,
        providerId: req.body.providerId,
        quotas: req.body.quotas,
        adminUserId: () =>
          createAccount(trx, { loginId: request.adminLoginId, name: request.contactName, phone: request.phone, email: request.email, password: '', passwordHash: request.passwordHash }, null),
      });
      await kept().close(trx, request.id, { state: 'approved', by: me.userId, at: new Date(kernel.clock.now()), note: null, spaceId: id });
      await announceMembers(kernel, trx, 'org.member.joined', joined, me.userId);
      await kernel.sessions.announceMembershipChange(trx);
      return enterpriseRow(trx, id);
    });
    kernel.sessions.forget('all');
    return { code: 200, msg: 'ok', data: space };
  });

  app.post('/api/console/space-requests/:id/reject', { config: { access, action: 'console.spaceRequest.reject' }, schema: { params: IdParam, querystring: NoQuery, body: RejectRequestBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const me = signedIn(req);
    await kernel.transact(req, async (trx) => {
      const request = await kept().takePending(trx, req.params.id);
      await kept().close(trx, request.id, { state: 'rejected', by: me.userId, at: new Date(kernel.clock.now()), note: req.body.reason.trim(), spaceId: null });
    });
    return { code: 200, msg: 'ok', data: { id: req.params.id, state: 'rejected' } };
  });
}
