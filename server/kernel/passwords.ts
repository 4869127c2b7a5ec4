import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt with N = 2^17 (OWASP's minimum), r = 8, p = 1: about 128 MiB and a few hundred ms per hash. */
const PRODUCTION = { logN: 17, r: 8, p: 1 };

/**
 * The parameters new hashes get, and the weakest a stored hash may carry. A test run (vitest sets VITEST) may lower
 * N with TEST_PASSWORD_LOG_N: its suites sign in well over a thousand times, at a few hundred ms of a core each on
 * a quiet machine and seconds under load. Outside vitest the variable is ignored, so no deployment can weaken it.
 */
export function passwordParams(env: NodeJS.ProcessEnv = process.env): { logN: number; r: number; p: number } {
  const lowered = env.VITEST === 'true' ? Number(env.TEST_PASSWORD_LOG_N) : Number.NaN;
  return Number.isInteger(lowered) && lowered >= 10 && lowered < PRODUCTION.logN ? { ...PRODUCTION, logN: lowered } : PRODUCTION;
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Format: `scrypt$<logN>$<r>$<p>$<salt b64url>$<hash b64url>`, so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = passwordParams();
  const key = await derive(password, salt, params.logN, params.r, params.p);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Parameters a stored hash may carry: never weaker than today's, never beyond the memory cap. */
function usableParams(logN: number, r: number, p: number): boolean {
  return (
    Number.isInteger(logN) && Number.isInteger(r) && Number.isInteger(p) &&
    logN >= passwordParams().logN && logN <= 20 && r >= 1 && r <= 16 && p >= 1 && p <= 4 &&
    128 * 2 ** logN * r <= 256 * 1024 * 1024
  );
}

/** False for a wrong password and for a stored value that is not a usable hash (never throws for it). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  const params = [Number(logN), Number(r), Number(p)] as const;
  if (scheme !== 'scrypt' || !salt || !hash || !usableParams(...params)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), ...params);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;
/** Unknown accounts still pay for one hash, so response time does not reveal which login IDs exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
