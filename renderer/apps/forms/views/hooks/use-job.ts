import { useEffect, useState } from 'react';
import { useServices } from '../../../../shell/services.tsx';
import type { Job } from '../types.ts';

export const JOB_POLL_MS = 1_000;

/** Watches an import or export job (§4: preparing, then complete or failed), asking once a second until it ends. */
export function useJob(jobId: string | null, first: Job | null = null): { job: Job | null; error: string | null } {
  const { api } = useServices();
  const [job, setJob] = useState<Job | null>(first);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setJob(first);
    setError(null);
    if (!jobId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () =>
      api.get<Job>(`/api/forms/jobs/${encodeURIComponent(jobId)}`).then(
        (answer) => {
          if (!live) return;
          setJob(answer.data);
          setError(null);
          if (answer.data?.status === 'preparing') timer = setTimeout(poll, JOB_POLL_MS);
        },
        (failure: Error) => {
          if (!live) return;
          setError(failure.message);
          // A passing network failure should not end the watch; a refusal (job not found) does.
          const code = (failure as { code?: number }).code ?? 0;
          if (code < 400 || code >= 500) timer = setTimeout(poll, JOB_POLL_MS);
        },
      );
    if (first && first.status !== 'preparing') return;
    timer = setTimeout(poll, first ? JOB_POLL_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `first` only seeds the state; the watch is per job.
  }, [api, jobId]);
  return { job, error };
}
