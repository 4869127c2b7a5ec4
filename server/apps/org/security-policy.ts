import { NoQuery } from '../../../shared/api/common.ts';
import { SecurityPolicyBody } from '../../../shared/api/org-roles.ts';
import { policyProblems, securityLevel, type SecurityPolicy } from '../../../shared/security-policy.ts';
import { fail } from '../../kernel/errors.ts';
import { policyAllowsAddress } from '../../kernel/security-policies.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/**
 * The space's security policy (securityaudit/management): the security reviewer sets it, the administrator and the
 * auditor read it (the member dialog shows the password rules), the kernel enforces it in every process at once.
 */
export function registerSecurityPolicyRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.security.read' } as const;
  const manage = { permission: 'org.security.manage' } as const;
  const answer = (policy: SecurityPolicy) => ({ code: 200, msg: 'ok', data: { policy, level: securityLevel(policy) } });

  app.get('/api/org/security-policy', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => answer(kernel.policies.get(currentSpace(req).id)));

  app.put('/api/org/security-policy', { config: { access: manage, action: 'org.security.policy' }, schema: { querystring: NoQuery, body: SecurityPolicyBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const ipAllow = Object.fromEntries(Object.entries(req.body.ipAllow).map(([role, rules]) => [role, [...new Set((rules ?? []).map((r) => r.trim()).filter(Boolean))]]).filter(([, rules]) => rules!.length));
    const policy: SecurityPolicy = { ...req.body, ipAllow };
    const problem = policyProblems(policy)[0];
    if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
    // A reviewer must not lock themselves out: their own address has to stay allowed for their role.
    if (!policyAllowsAddress(policy, req.ctx.roles, req.ctx.ip)) throw fail.unprocessable('security.policy.lockOut', { ip: req.ctx.ip }, { field: 'ipAllow' });
    req.ctx.auditTarget = securityLevel(policy);
    await kernel.transact(req, async (trx) => {
      await kernel.policies.save(trx, space.id, policy, me.userId);
      req.ctx.afterCommit.push(() => kernel.policies.apply(space.id, policy));
    });
    return answer(policy);
  });
}
