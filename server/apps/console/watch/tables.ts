import type { ColumnType, Generated } from 'kysely';

/** Interface watch and event tracking (migration console 0005, decisions 0085–0086). */
export interface WatchMinuteTable {
  minute: Date;
  method: string;
  route: string;
  calls: number;
  errors: number;
  client_errors: number;
  total_ms: number;
  max_ms: number;
  buckets: number[];
}

export interface WatchThresholdTable {
  id: Generated<string>;
  method: string | null;
  route: string | null;
  max_error_rate: number | null;
  max_p95_ms: number | null;
  min_calls: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface WatchBreachTable {
  id: Generated<string>;
  threshold_id: string;
  method: string;
  route: string;
  metric: 'errorRate' | 'p95';
  value: number;
  limit_value: number;
  started_minute: Date;
  last_minute: Date;
  ended_at: Date | null;
}

export interface TrackEventTable {
  space_id: string;
  id: Generated<string>;
  user_id: string | null;
  session_key: string;
  kind: 'view' | 'click';
  page: string;
  target: string | null;
  at: ColumnType<Date, Date | undefined, never>;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    watch_minute: WatchMinuteTable;
    watch_threshold: WatchThresholdTable;
    watch_breach: WatchBreachTable;
    track_event: TrackEventTable;
  }
}
