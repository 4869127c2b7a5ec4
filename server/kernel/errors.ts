import type { MessageParams } from '../../shared/i18n/index.ts';

/**
 * An error meant for the user: HTTP status, an i18n key and its parameters. The error handler turns it into
 * `{ code, msg, params, text }` in the caller's language; anything else becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const fail = {
  badRequest: (key: string, params?: MessageParams, data?: unknown) => new AppError(400, key, params, data),
  unauthorized: (key = 'account.signInRequired') => new AppError(401, key),
  forbidden: (key = 'common.noPermission', params?: MessageParams) => new AppError(403, key, params),
  notFound: (key = 'common.notFound') => new AppError(404, key),
  conflict: (key = 'common.conflict', params?: MessageParams, data?: unknown) => new AppError(409, key, params, data),
  tooLarge: (limit: number) => new AppError(413, 'request.tooLarge', { limit }),
  unprocessable: (key: string, params?: MessageParams, data?: unknown) => new AppError(422, key, params, data),
  tooMany: (key = 'common.rateLimited') => new AppError(429, key),
  maintenance: () => new AppError(503, 'common.maintenance'),
};

/** The SQLSTATE of a PostgreSQL error (23505 unique, 23503 foreign key, …), or undefined. */
export const pgErrorCode = (error: unknown): string | undefined => (error as { code?: string } | null)?.code;
