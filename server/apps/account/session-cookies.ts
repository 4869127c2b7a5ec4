import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, sessionCookieName } from '../../kernel/sessions.ts';

export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, csrf: string, maxAge: number) {
  const secure = req.protocol === 'https';
  reply.setCookie(sessionCookieName(secure), token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  // Readable by the page so it can echo it in the x-csrf-token header. Not prefixed: the server compares the
  // header with the session's own token, never with this cookie, and the page and the desktop read it by name.
  reply.setCookie(CSRF_COOKIE, csrf, { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply) {
  const secure = req.protocol === 'https';
  reply.clearCookie(sessionCookieName(secure), { path: '/', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', secure });
}
