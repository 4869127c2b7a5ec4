import type { ColumnType, Generated } from 'kysely';
import type { Access, BoardDraft, BoardKind, ChartDraft, ChartType } from '../../../shared/dashboards/model.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** What a chart row keeps in `definition` (its columns hold the rest). */
export type ChartDefinition = Pick<ChartDraft, 'query' | 'options' | 'tips'>;
/** What a board row keeps in `definition`. */
export type BoardDefinition = Pick<BoardDraft, 'items' | 'filters' | 'refreshSeconds' | 'screen'>;

/** The columns charts and boards share (migration dashboards 0001): access, authorship, the optimistic lock. */
interface Guarded {
  viewers: Json<Access>;
  editors: Json<Access>;
  created_by: string;
  updated_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: ColumnType<number, number | undefined, number>;
}

/** Migration dashboards 0001. */
export interface DashboardsChartTable extends Guarded {
  space_id: string;
  id: Generated<string>;
  name: string;
  type: ChartType;
  app_id: string;
  form_id: string;
  definition: Json<ChartDefinition>;
}

export interface DashboardsBoardTable extends Guarded {
  space_id: string;
  id: Generated<string>;
  kind: BoardKind;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  definition: Json<BoardDefinition>;
  chart_ids: ColumnType<string[], string[] | undefined, string[]>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    dashboards_chart: DashboardsChartTable;
    dashboards_board: DashboardsBoardTable;
  }
}
