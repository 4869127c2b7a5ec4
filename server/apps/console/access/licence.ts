import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { LicenceBody, LicenceFile, type LicenceFileShape, type LicenceState, type LicenceTerms } from '../../../../shared/api/console-access.ts';
import type { Config } from '../../../config.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { addPlatformLimit, type PlatformLimit } from '../../../kernel/providers.ts';
import { ROOT_ONLY } from './api-keys.ts';

/**
 * The demo's licence key: the public half of the TEST FIXTURE pair (tests/fixtures/licence/test-licence-key.ts).
 * Used only while the demo is seeded and no LICENCE_PUBLIC_KEY is configured, so the demo can show a licence.
 */
const DEMO_LICENCE_PUBLIC_KEY = 'MCowBQYDK2VwAyEAI0ipFsaqyafcUpjzejLQOlRstTwNL74MHX8IExsrVgE=';
const terms = TypeCompiler.Compile(LicenceBody);

/** The configured public key, or null when licences cannot be checked here. */
export function licenceKey(config: Pick<Config, 'licencePublicKey' | 'demoSeed'>): KeyObject | null {
  const text = config.licencePublicKey ?? (config.demoSeed ? DEMO_LICENCE_PUBLIC_KEY : null);
  if (!text) return null;
  return text.includes('BEGIN') ? createPublicKey(text) : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/** The terms of a licence file whose signature holds and which has not expired; a 422 otherwise. */
export function checkLicence(key: KeyObject | null, file: LicenceFileShape, now: number): LicenceTerms {
  if (!key) throw fail.unprocessable('consoleAccess.licence.noKey');
  let signed = false;
  try {
    signed = verify(null, Buffer.from(file.body, 'utf8'), key, Buffer.from(file.signature, 'base64'));
  } catch {
    signed = false;
  }
  if (!signed) throw fail.unprocessable('consoleAccess.licence.badSignature');
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.body);
  } catch {
    throw fail.unprocessable('consoleAccess.licence.malformed');
  }
  if (!terms.Check(parsed) || Number.isNaN(Date.parse(parsed.expiresAt))) throw fail.unprocessable('consoleAccess.licence.malformed');
  if (Date.parse(parsed.expiresAt) <= now) throw fail.unprocessable('consoleAccess.licence.expired');
  return parsed;
}

async function licenceInForce(trx: Trx) {
  return trx.selectFrom('platform_licence').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Called where a space is created (inside that transaction): refused past the licence's spaces, or once the licence
 * expired. Without a licence the platform is the vendor's own and has no licence limit. The licence row is locked
 * so two creations at once cannot both take the last licensed space.
 */
export async function assertLicenceAllowsSpace(trx: Trx): Promise<void> {
  const licence = await trx
    .selectFrom('platform_licence')
    .select(['max_spaces', sql<boolean>`expires_at <= now()`.as('expired')])
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!licence) return;
  if (licence.expired) throw fail.unprocessable('consoleAccess.licence.expiredInForce');
  const row = await trx.selectFrom('spaces').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  if (Number(row.n) >= licence.max_spaces) throw fail.unprocessable('consoleAccess.licence.spacesExceeded', { limit: licence.max_spaces });
}

/**
 * The licence's members per space, as a platform limit of the kernel's quota check (decision 0082): every way a
 * member is added or re-enabled (root's accounts, the org app's member, invitation, import and join pages) meets it.
 */
const licensedMembers: PlatformLimit = async (trx, kind) => {
  if (kind !== 'members') return null;
  const licence = await licenceInForce(trx);
  return licence ? { limit: licence.max_members_per_space, key: 'consoleAccess.licence.membersExceeded' } : null;
};

/** `/privateaccess`: the licence in force, what is used against it, and root's upload of a new one. */
export function registerLicenceRoutes(app: App, kernel: Kernel): void {
  addPlatformLimit('licence', licensedMembers);
  app.get('/api/console/access/licence', { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const licence = await kernel.db.selectFrom('platform_licence').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    const spaces = await kernel.db.selectFrom('spaces').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const largest = await kernel.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .groupBy('space_id')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirst();
    const state: LicenceState = {
      licence: licence
        ? { ...(JSON.parse(licence.body) as LicenceTerms), uploadedAt: licence.uploaded_at.toISOString(), expired: licence.expires_at.getTime() <= kernel.clock.now() }
        : null,
      spaces: Number(spaces.n),
      largestSpaceMembers: Number(largest?.n ?? 0),
      keyConfigured: licenceKey(kernel.config) !== null,
    };
    return { code: 200, msg: 'ok', data: state };
  });

  app.post('/api/console/access/licence', { config: { access: ROOT_ONLY, action: 'console.licence.upload' }, schema: { querystring: NoQuery, body: LicenceFile } }, async (req) => {
    const accepted = checkLicence(licenceKey(kernel.config), req.body, kernel.clock.now());
    const file = req.body;
    req.ctx.auditTarget = accepted.licenceId;
    await kernel.transact(req, (trx) =>
      trx
        .insertInto('platform_licence')
        .values({
          licence_id: accepted.licenceId,
          licensee: accepted.licensee,
          max_spaces: accepted.maxSpaces,
          max_members_per_space: accepted.maxMembersPerSpace,
          expires_at: new Date(accepted.expiresAt),
          body: file.body,
          signature: file.signature,
          uploaded_by: req.ctx.principal!.userId,
        })
        .execute(),
    );
    return { code: 200, msg: 'ok', data: accepted };
  });
}
