import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageParams } from '../../../shared/i18n/index.ts';
import { AppError } from '../errors.ts';
import type { Kernel } from '../kernel.ts';
import { KeyAlreadyUsed, REPLAYED_HEADER, storedAnswerFor } from '../idempotency.ts';
import type { App } from './server.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** The answer shape of spec §7/architecture: `{ code, msg, data }`; `msg` is an i18n key, `text` its translation. */
export function sendError(kernel: Kernel, req: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  // No context yet (Fastify refused the request before the hooks): the caller's Accept-Language still counts.
  const language = req.ctx?.language ?? kernel.i18n.pick(undefined, undefined, req.headers['accept-language']);
  // A parameter may itself be a message key (a field label such as `account.newPassword`): show its text.
  const dictionary = kernel.i18n.dictionaries[language];
  const shown = Object.fromEntries(
    Object.entries(error.params).map(([name, value]) => [name, typeof value === 'string' && dictionary[value] ? dictionary[value] : value]),
  );
  return reply.status(error.status).send({
    code: error.status,
    msg: error.key,
    params: error.params,
    text: kernel.i18n.t(language, error.key, shown),
    data: error.data,
  });
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns the first schema violation into a message the user can act on, in their language. */
function validationError(issues: AjvIssue[], where: string | undefined): AppError {
  const issue = issues[0];
  if (!issue) return new AppError(422, 'validation.invalid', { field: where ?? '', reason: '' });
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = (name: unknown) => [path, name].filter(Boolean).join('.') || where || '';
  const params: MessageParams = { field: field(undefined) };
  switch (issue.keyword) {
    case 'required':
      return new AppError(422, 'validation.required', { field: field(issue.params.missingProperty) });
    case 'additionalProperties':
      return new AppError(422, 'validation.unknownField', { field: field(issue.params.additionalProperty) });
    case 'minProperties':
      return new AppError(422, 'validation.required', { field: where ?? 'body' });
    case 'maxItems':
      return new AppError(422, 'validation.tooMany', { ...params, limit: Number(issue.params.limit) });
    case 'minItems':
      return new AppError(422, 'validation.tooFew', { ...params, limit: Number(issue.params.limit) });
    case 'minLength':
      return new AppError(422, 'validation.tooShort', { ...params, limit: Number(issue.params.limit) });
    case 'maxLength':
      return new AppError(422, 'validation.tooLong', { ...params, limit: Number(issue.params.limit) });
    case 'minimum':
    case 'exclusiveMinimum':
      return new AppError(422, 'validation.minimum', { ...params, limit: Number(issue.params.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return new AppError(422, 'validation.maximum', { ...params, limit: Number(issue.params.limit) });
    case 'pattern':
    case 'format':
      return new AppError(422, 'validation.pattern', params);
    case 'enum':
    case 'const':
    case 'anyOf':
      return new AppError(422, 'validation.enum', params);
    default:
      return new AppError(422, 'validation.type', params);
  }
}

function toAppError(error: FastifyError & { validationContext?: string }): AppError | null {
  if (error instanceof AppError) return error;
  if (error.validation) return validationError(error.validation as unknown as AjvIssue[], error.validationContext);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'request.tooLarge', { limit: BODY_LIMIT });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'request.malformedJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(415, 'request.unsupportedType');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError(400, 'request.malformedJson');
  return null;
}

export const BODY_LIMIT = 1024 * 1024;

/**
 * Answers for what Fastify refuses before routing (a URL it cannot decode, an over-long parameter), which no
 * hook sees: the same answer shape and the same security headers as every other answer.
 */
export function frameworkErrorHandler(kernel: Kernel) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    reply.headers(SECURITY_HEADERS);
    const known =
      error.code === 'FST_ERR_BAD_URL' ? new AppError(400, 'request.badUrl') : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new AppError(414, 'request.badUrl') : null;
    if (!known) kernel.log.error({ err: error, method: req.method, url: req.url }, 'unhandled framework error');
    return sendError(kernel, req, reply, known ?? new AppError(500, 'common.internalError'));
  };
}

/** Answers a path no route has (true), or leaves it to the 404 answer (false). */
type FallbackHandler = (req: FastifyRequest, reply: FastifyReply) => boolean;

export function installErrorHandling(app: App, kernel: Kernel, fallback: FallbackHandler | null = null): void {
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    if ((error as unknown) instanceof KeyAlreadyUsed) return replay(req, reply, error as unknown as KeyAlreadyUsed);
    const known = toAppError(error);
    if (known) return sendError(kernel, req, reply, known);
    kernel.log.error({ err: error, reqId: req.id, method: req.method, url: req.url }, 'unhandled error');
    return sendError(kernel, req, reply, new AppError(500, 'common.internalError'));
  });
  /** A write whose key was used before answers what it answered then; the log names it a replay, not a second act. */
  async function replay(req: FastifyRequest, reply: FastifyReply, used: KeyAlreadyUsed): Promise<FastifyReply> {
    const stored = await storedAnswerFor(kernel.db, used);
    if (stored instanceof AppError) return sendError(kernel, req, reply, stored);
    req.ctx.auditTarget = `replay of ${used.key}`;
    return reply.code(stored.status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(stored.body);
  }
  // Paths that are no API route: the web app's files and pages when it is built, else a 404 answer.
  // Returning the reply lets Fastify wait for the file being sent rather than answer again.
  app.setNotFoundHandler(async (req, reply) => {
    if (fallback?.(req, reply)) return reply;
    return sendError(kernel, req, reply, new AppError(404, 'common.notFound'));
  });
}
