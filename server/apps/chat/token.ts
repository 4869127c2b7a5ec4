import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_TOKEN_TTL_MS } from '../../../shared/chat/chat.ts';

interface Holder {
  sessionId: string;
  userId: string;
  spaceId: string;
}

const proof = (who: Holder, expires: number) =>
  createHmac('sha256', who.sessionId).update(`chat|${who.userId}|${who.spaceId}|${expires}`).digest('base64url');

/**
 * The chat token of spec §7 (decision 0052): "<expires ms>.<proof>", the proof an HMAC keyed by the session's id
 * (the hash of the session cookie, known only to the server). It is never accepted in place of the session: every
 * chat call and the socket are authorised by the session itself, so signing out ends chat at once. The expiry in
 * clear tells the renderer when to ask again.
 */
export function chatToken(who: Holder, now: number): string {
  const expires = now + CHAT_TOKEN_TTL_MS;
  return `${expires}.${proof(who, expires)}`;
}

/** Whether `token` was issued to this session, user and space and has not expired. */
export function chatTokenValid(who: Holder, token: string, now: number): boolean {
  const [expiresText, given] = token.split('.');
  const expires = Number(expiresText);
  if (!given || !Number.isSafeInteger(expires) || expires <= now) return false;
  const expected = Buffer.from(proof(who, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
