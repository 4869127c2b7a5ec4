import { JOBS_API, type JobsOverview } from '../../../../shared/api/console-jobs.ts';
import type { Transport } from '../../../kernel/transport.ts';

const dead = (id: string, action: 'retry' | 'discard') => `${JOBS_API}/dead/${encodeURIComponent(id)}/${action}`;

/** The job-queue calls of the operator's jobs page (shared/api/console-jobs.ts). */
export const jobsApi = (api: Transport) => ({
  overview: async () => (await api.get<JobsOverview>(JOBS_API)).data,
  retry: (id: string) => api.post(dead(id, 'retry'), {}, { json: true }),
  discard: (id: string) => api.post(dead(id, 'discard'), {}, { json: true }),
});
