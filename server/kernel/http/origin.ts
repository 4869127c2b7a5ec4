import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Where the platform is reached from outside, for addresses it hands out (socket URL, links in e-mails):
 * PUBLIC_URL when the operator set it (behind a proxy the request's own host may be an internal one), else the
 * request's scheme and Host.
 */
export function publicOrigin(config: Config, req: FastifyRequest): { secure: boolean; host: string; origin: string } {
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : null;
  const secure = publicUrl ? publicUrl.protocol === 'https:' : req.protocol === 'https';
  const host = publicUrl?.host ?? req.headers.host ?? `localhost:${config.port}`;
  return { secure, host, origin: `${secure ? 'https' : 'http'}://${host}` };
}
