import type { Db } from './db/pool.ts';
import type { Logger } from './logger.ts';

export interface AuditEntry {
  userId: string | null;
  spaceId: string | null;
  action: string;
  target?: string | null;
  result: 'ok' | 'denied' | 'failed';
  status?: number;
  ip: string | null;
  crossSpace?: boolean;
}

/**
 * The operation log. Written outside the request's transaction on purpose: a refused or failed call is
 * recorded even though its own changes rolled back. The app role may only insert and read it.
 */
export class Audit {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    try {
      await this.db
        .insertInto('oplog')
        .values({
          user_id: entry.userId,
          space_id: entry.spaceId,
          action: entry.action.slice(0, 200),
          target: entry.target?.slice(0, 500) ?? null,
          result: entry.result,
          status: entry.status ?? null,
          ip: entry.ip,
          cross_space: entry.crossSpace ?? false,
        })
        .execute();
    } catch (error) {
      // Losing an audit row must be loud: it is the one thing an auditor relies on.
      this.log.error({ err: error, action: entry.action }, 'operation log write failed');
    }
  }
}
