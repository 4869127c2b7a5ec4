import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { JoinApplicationBody, SpaceRequestBody, TokenQuery } from '../../../shared/api/org-registration.ts';
import { memberProblems } from '../../../shared/org/member.ts';
import { passwordPolicyProblems, type SecurityPolicy } from '../../../shared/security-policy.ts';
import type { FieldProblem } from '../../../shared/validation/password.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import { hashToken } from '../../kernel/sessions.ts';
import './tables.ts';

/** Attempts one address may make at each public form per hour, whatever the space: the forms must not fill tables. */
const PER_IP_HOUR = 10;
const HOUR_MS = 60 * 60_000;

function refuse(problems: FieldProblem[]): void {
  const problem = problems[0];
  if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
}

function checkApplicant(input: { loginId: string; name: string; phone?: string; email?: string; password: string; confirmPassword: string }, policy: SecurityPolicy) {
  refuse(memberProblems({ loginId: input.loginId, name: input.name, phone: input.phone || null, email: input.email || null }));
  refuse(passwordPolicyProblems(input.password, policy));
  if (input.password !== input.confirmPassword) throw fail.unprocessable('account.passwordsDiffer', {}, { field: 'confirmPassword' });
}

/** Counts one attempt at `form` from `ip` (its hour's window restarted when over); 429 past the allowance. */
async function countAttempt(kernel: Kernel, trx: Trx, form: 'join' | 'space', ip: string): Promise<void> {
  const now = new Date(kernel.clock.now());
  const fresh = sql<boolean>`org_form_attempts.window_start < ${new Date(kernel.clock.now() - HOUR_MS)}`;
  const row = await trx
    .insertInto('org_form_attempts')
    .values({ key: `${form}@${ip}`, window_start: now, attempts: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`case when ${fresh} then 1 else org_form_attempts.attempts + 1 end`,
        window_start: sql<Date>`case when ${fresh} then ${now} else org_form_attempts.window_start end`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  if (row.attempts > PER_IP_HOUR) throw fail.tooMany('org.join.tooMany');
}

/**
 * A space a guest may ask to join: an active enterprise space, never the operator's own (the space where root is a
 * member), which answers like a space that does not exist.
 */
const joinableSpace = (kernel: Kernel, spaceId: string) =>
  kernel.db
    .selectFrom('spaces')
    .select(['id', 'name'])
    .where('id', '=', spaceId)
    .where('status', '=', 'active')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('memberships').select('user_id').where('space_id', '=', spaceId).where(sql<boolean>`'root' = any(roles)`))))
    .executeTakeFirst();

/**
 * entRegist (public, spec §2.5/§6): a person applies to join an existing space — its administrator decides
 * (join-review.ts) — or asks for a new enterprise space, which the platform operator decides. Either way the
 * applicant gets a token to follow the state; the account is created only on approval, with the password chosen
 * here (stored hashed meanwhile). A guest is never told whether a login ID is taken or applied for (decision 0101):
 * every well-formed application is filed, and a clash is reported to whoever approves it.
 */
export function registerRegistrationRoutes(app: App, kernel: Kernel): void {
  app.post('/api/org/join-applications', { config: { access: 'public', action: 'org.join.apply' }, schema: { body: JoinApplicationBody } }, async (req) => {
    const { spaceId, loginId, name, phone, email, message, password } = req.body;
    const space = await joinableSpace(kernel, spaceId);
    if (!space) throw fail.unprocessable('org.join.noSpace', { id: spaceId }, { field: 'spaceId' });
    checkApplicant(req.body, kernel.policies.get(space.id));
    // The application is the space's row: it is written, logged and later read in that space.
    req.ctx.space = space;
    req.ctx.auditTarget = loginId.trim();
    const hash = await hashPassword(password);
    const token = randomBytes(24).toString('base64url');
    await kernel.transact(req, async (trx) => {
      await countAttempt(kernel, trx, 'join', req.ctx.ip);
      await trx
        .insertInto('org_join_application')
        .values({ space_id: space.id, login_id: loginId.trim(), name: name.trim(), phone: phone?.trim() || null, email: email?.trim() || null, message: message?.trim() ?? '', password_hash: hash, token_hash: hashToken(token), ip: req.ctx.ip })
        .execute();
    });
    return { code: 200, msg: 'org.join.filed', data: { token, spaceName: space.name } };
  });

  app.get('/api/org/join-applications/status', { config: { access: 'public' }, schema: { querystring: TokenQuery } }, async (req) => {
    // Found by its token only: the table is read across spaces by a definer function that returns nothing else.
    const row = await sql<{ state: string; space_name: string; login_id: string; note: string | null }>`select * from org_join_status(${hashToken(req.query.token)})`.execute(kernel.db);
    if (!row.rows[0]) throw fail.notFound('org.join.unknownToken');
    const { state, space_name, login_id, note } = row.rows[0];
    return { code: 200, msg: 'ok', data: { state, spaceName: space_name, loginId: login_id, note } };
  });

  app.post('/api/org/space-requests', { config: { access: 'public', action: 'org.space.request' }, schema: { body: SpaceRequestBody } }, async (req) => {
    // Root may close registration of new enterprises (`/root/systemConfig`, decision 0080).
    if (!kernel.platform.registrationOpen) throw fail.forbidden('consoleOperator.settings.registrationClosed');
    const body = req.body;
    checkApplicant({ ...body, loginId: body.adminLoginId, name: body.contactName }, kernel.policies.get(null));
    if (!body.enterpriseName.trim()) throw fail.unprocessable('validation.required', { field: 'org.registration.enterpriseName' }, { field: 'enterpriseName' });
    req.ctx.auditTarget = body.enterpriseName.trim().slice(0, 60);
    const hash = await hashPassword(body.password);
    const token = randomBytes(24).toString('base64url');
    await kernel.transact(req, async (trx) => {
      await countAttempt(kernel, trx, 'space', req.ctx.ip);
      await trx
        .insertInto('org_space_request')
        .values({ enterprise_name: body.enterpriseName.trim(), contact_name: body.contactName.trim(), phone: body.phone.trim(), email: body.email.trim(), admin_login_id: body.adminLoginId.trim(), password_hash: hash, message: body.message?.trim() ?? '', token_hash: hashToken(token), ip: req.ctx.ip })
        .execute();
    });
    return { code: 200, msg: 'org.registration.filed', data: { token } };
  });

  app.get('/api/org/space-requests/status', { config: { access: 'public' }, schema: { querystring: TokenQuery } }, async (req) => {
    const row = await kernel.db.selectFrom('org_space_request').select(['state', 'enterprise_name as enterpriseName', 'note']).where('token_hash', '=', hashToken(req.query.token)).executeTakeFirst();
    if (!row) throw fail.notFound('org.join.unknownToken');
    return { code: 200, msg: 'ok', data: row };
  });
}
