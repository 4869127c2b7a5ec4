import type { FastifyRequest } from 'fastify';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

export const jobColumns = ['id', 'form_id as formId', 'kind', 'status', 'total', 'done', 'failed', 'output_name as fileName', 'output_size as fileSize', 'error_key as errorKey', 'error_params as errorParams',
  'system_name as systemName', 'app_name as appName', 'created_at as createdAt', 'finished_at as finishedAt'] as const;

/**
 * A job of the caller's own (a user sees their own jobs only; anyone else's is not found). `also` runs after it is
 * found, in the same transaction (a check that must not reveal whether someone else's job exists).
 */
export function ownJob(kernel: Kernel, req: FastifyRequest, jobId: string, also?: (trx: Trx) => Promise<void>) {
  return kernel.transact(req, async (trx) => {
    const job = await trx.selectFrom('forms_job').select([...jobColumns, 'user_id', 'params']).where('id', '=', jobId).executeTakeFirst();
    if (!job || job.user_id !== signedIn(req).userId) throw fail.notFound('forms.job.notFound');
    await also?.(trx);
    return job;
  });
}
