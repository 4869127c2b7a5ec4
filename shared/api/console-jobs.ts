import { Type, type Static } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

/** The operator's view of the kernel's job queue across spaces (`/sysop/jobs`, decision 0095). */
export const JOBS_API = '/api/console/jobs';

/** Dead letters the page lists at once, newest first: enough to act on, bounded so a flood cannot stall it. */
export const DEAD_LETTERS_SHOWN = 200;

export const JobsOverviewQuery = Strict({ lang: Lang });
/** A dead letter's id: the queue's bigserial, as text. */
export const DeadLetterParam = Strict({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });
export type DeadLetterParams = Static<typeof DeadLetterParam>;

/** One job kind's jobs by state; `done` counts those finished in the last day (older ones are pruned). */
export interface QueueCounts {
  kind: string;
  ready: number;
  running: number;
  done: number;
  dead: number;
}

/** A job whose attempts are spent: kept with its last error until root retries or discards it. */
export interface DeadLetter {
  id: string;
  /** Null for a platform job (the kernel's own housekeeping, say). */
  spaceId: string | null;
  spaceName: string | null;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobsOverview {
  queues: QueueCounts[];
  dead: DeadLetter[];
}
