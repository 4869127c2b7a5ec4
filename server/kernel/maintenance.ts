import { sql } from 'kysely';
import type { Db } from './db/pool.ts';
import type { PgListener } from './notify.ts';

export const KERNEL_CHANNEL = 'qpaas_kernel';

export interface MaintenanceState {
  on: boolean;
  message: string | null;
}

/**
 * Maintenance mode: kept in platform_settings, mirrored in memory so the per-request check costs nothing,
 * and announced through NOTIFY so every server process switches together.
 */
export class Maintenance {
  private state: MaintenanceState = { on: false, message: null };

  constructor(private readonly db: Db) {}

  get on(): boolean {
    return this.state.on;
  }

  get current(): MaintenanceState {
    return this.state;
  }

  async load(listener: PgListener): Promise<void> {
    await listener.listen(KERNEL_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { type: string; state?: MaintenanceState };
      if (event.type === 'maintenance' && event.state) this.state = event.state;
    });
    const row = await this.db.selectFrom('platform_settings').select('value').where('key', '=', 'maintenance').executeTakeFirst();
    if (row) this.state = row.value as MaintenanceState;
  }

  /** Writes the switch in the caller's transaction; the in-memory flag follows at commit (apply). */
  async save(exec: Db, state: MaintenanceState): Promise<void> {
    await exec
      .insertInto('platform_settings')
      .values({ key: 'maintenance', value: JSON.stringify(state), updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(state), updated_at: sql<Date>`now()` }))
      .execute();
    await sql`select pg_notify(${KERNEL_CHANNEL}, ${JSON.stringify({ type: 'maintenance', state })})`.execute(exec);
  }

  apply(state: MaintenanceState): void {
    this.state = state;
  }
}
