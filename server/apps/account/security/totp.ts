import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side is accepted: a phone clock a little off, or a code typed as it turned over. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes in a row before the account's second step waits (sign-in and closing alike). */
export const TOTP_FAILURE_LIMIT = 5;
export const TOTP_WAIT_MS = 5 * 60_000;

const totpOf = (secretBase32: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

/** A fresh 160-bit secret (RFC 4226's recommended length), as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const totpUri = (secretBase32: string, label: string, issuer: string): string => totpOf(secretBase32, label, issuer).toString();

/**
 * The time step `code` belongs to, or null when it fits none within the window. The caller refuses a step that is
 * not newer than the last one accepted (a replayed code), then stores it.
 */
export function totpStep(secretBase32: string, code: string, now: number): number | null {
  const delta = totpOf(secretBase32, 'x', 'x').validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

// No 0/O, 1/I/L: codes are read off paper and typed again.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten one-time codes of ten characters (about 49 bits each), shown as `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: typed case and dashes or spaces do not matter. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code.toUpperCase().replace(/[^A-Z0-9]/g, '')).digest('hex');

/** The context a user's TOTP secret is sealed under, so a sealed secret moved to another account does not open. */
export const totpSealContext = (userId: string): string => `account.totp:${userId}`;
