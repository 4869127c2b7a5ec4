import QRCode from 'qrcode';
import { SecondStepBody, TotpConfirmBody, TotpDisableBody } from '../../../../shared/api/account-security.ts';
import { NoBody, NoQuery } from '../../../../shared/api/common.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { verifyPassword } from '../../../kernel/passwords.ts';
import { secretBoxFor } from '../../../kernel/secrets.ts';
import { setSessionCookies } from '../session-cookies.ts';
import { checkTotpCode, pendingSignin, useRecoveryCode } from './second-factor.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpSealContext, totpUri } from './totp.ts';

/** The name authenticator apps list the account under. */
const ISSUER = 'QPaaS';

/** Two-step verification (§4 opened / closed; decision 0056): set-up, confirmation, closing, and the sign-in step. */
export function registerTwoStepRoutes(app: App, kernel: Kernel): void {
  app.post('/api/account/security/two-step/setup', { config: { access: 'signedIn', action: 'account.twoStep.setup' }, schema: { querystring: NoQuery, body: NoBody } }, async (req) => {
    const principal = signedIn(req);
    const secret = newTotpSecret();
    await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('account_totp').select('enabled').where('user_id', '=', principal.userId).forUpdate().executeTakeFirst();
      if (row?.enabled) throw fail.unprocessable('accountSecurity.twoStepAlreadyOn');
      // A new set-up replaces an unfinished one: only the secret shown last can be confirmed.
      const sealed = secretBoxFor(kernel.config).seal(secret, totpSealContext(principal.userId));
      const values = { secret_sealed: sealed, enabled: false, last_step: 0, failures: 0, locked_until: null };
      await trx.insertInto('account_totp').values({ user_id: principal.userId, ...values }).onConflict((oc) => oc.column('user_id').doUpdateSet(values)).execute();
    });
    const uri = totpUri(secret, principal.loginId, ISSUER);
    const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
    return { code: 200, msg: 'ok', data: { uri, qr, secret } };
  });

  app.post('/api/account/security/two-step/confirm', { config: { access: 'signedIn', action: 'account.twoStep.enable' }, schema: { querystring: NoQuery, body: TotpConfirmBody } }, async (req) => {
    const principal = signedIn(req);
    const codes = newRecoveryCodes();
    const outcome = await kernel.transact(req, async (trx) => {
      const error = await checkTotpCode(kernel, trx, principal.userId, req.body.code, true);
      if (error) return { error };
      await trx.updateTable('account_totp').set({ enabled: true, enabled_at: new Date(kernel.clock.now()) }).where('user_id', '=', principal.userId).execute();
      await trx.deleteFrom('account_recovery_codes').where('user_id', '=', principal.userId).execute();
      await trx.insertInto('account_recovery_codes').values(codes.map((code) => ({ user_id: principal.userId, code_hash: recoveryCodeHash(code) }))).execute();
      return { ok: true };
    });
    if ('error' in outcome) throw outcome.error;
    // Shown this once: only their hashes are kept.
    return { code: 200, msg: 'accountSecurity.twoStepOn', data: { recoveryCodes: codes } };
  });

  app.post('/api/account/security/two-step/disable', { config: { access: 'signedIn', action: 'account.twoStep.disable' }, schema: { querystring: NoQuery, body: TotpDisableBody } }, async (req) => {
    const principal = signedIn(req);
    const { password, code } = req.body;
    if (!password && !code) throw fail.unprocessable('accountSecurity.proofRequired');
    const outcome = await kernel.transact(req, async (trx) => {
      let error: AppError | null;
      if (code) error = await checkTotpCode(kernel, trx, principal.userId, code);
      else {
        const user = await trx.selectFrom('users').select('password_hash').where('id', '=', principal.userId).executeTakeFirstOrThrow();
        const enabled = await trx.selectFrom('account_totp').select('enabled').where('user_id', '=', principal.userId).executeTakeFirst();
        error = !enabled?.enabled ? new AppError(422, 'accountSecurity.twoStepNotOn') : (await verifyPassword(password ?? '', user.password_hash)) ? null : new AppError(422, 'account.currentPasswordWrong');
      }
      if (error) return { error };
      await trx.deleteFrom('account_recovery_codes').where('user_id', '=', principal.userId).execute();
      await trx.deleteFrom('account_totp').where('user_id', '=', principal.userId).execute();
      return { ok: true };
    });
    if ('error' in outcome) throw outcome.error;
    return { code: 200, msg: 'accountSecurity.twoStepClosed', data: null };
  });

  app.post(
    '/api/account/login/second-step',
    { config: { access: 'public', allowInMaintenance: true, action: 'account.login.secondStep' }, schema: { querystring: NoQuery, body: SecondStepBody } },
    async (req, reply) => {
      const { ticket, code, recoveryCode } = req.body;
      if (!code === !recoveryCode) throw fail.unprocessable('accountSecurity.codeOrRecovery');
      const outcome = await kernel.transact(req, async (trx) => {
        const pending = await pendingSignin(kernel, trx, ticket);
        if (!pending) return { error: new AppError(401, 'accountSecurity.ticketExpired') };
        if (pending.status !== 'active') return { error: new AppError(403, 'account.disabled') };
        req.ctx.auditTarget = pending.user_id;
        const error = code ? await checkTotpCode(kernel, trx, pending.user_id, code) : await useRecoveryCode(kernel, trx, pending.user_id, recoveryCode ?? '');
        if (error) return { error };
        await trx.deleteFrom('account_pending_signins').where('id', '=', pending.id).execute();
        const session = await kernel.sessions.create(trx, pending.user_id, pending.signin_space, req.ctx.ip, req.headers['user-agent'] ?? null);
        return { session, userId: pending.user_id, spaceId: pending.signin_space };
      });
      if ('error' in outcome) throw outcome.error;
      setSessionCookies(req, reply, outcome.session.token, outcome.session.csrfToken, outcome.session.maxAgeSeconds);
      return { code: 200, msg: 'ok', data: { userId: outcome.userId, spaceId: outcome.spaceId, csrfToken: outcome.session.csrfToken } };
    },
  );
}
