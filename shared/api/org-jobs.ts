import { Lang, Strict } from './common.ts';

/**
 * The space admin's read of the kernel's queue in his own space (`console/jobs`, decision 0095): the space's
 * schedules and the jobs still waiting, running or dead. Row-level security keeps both to the request's space.
 */
export const SPACE_JOBS_API = '/api/org/jobs';

/** Jobs the page lists at once (dead ones first, then by when they run). */
export const SPACE_JOBS_SHOWN = 200;

export const SpaceJobsQuery = Strict({ lang: Lang });

export interface SpaceSchedule {
  id: string;
  kind: string;
  name: string;
  cron: string;
  timeZone: string;
  workTimeOnly: boolean;
  enabled: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
}

export type SpaceJobState = 'ready' | 'running' | 'dead';

export interface SpaceJob {
  id: string;
  kind: string;
  state: SpaceJobState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
}

export interface SpaceJobs {
  schedules: SpaceSchedule[];
  jobs: SpaceJob[];
}
