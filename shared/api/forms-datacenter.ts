/**
 * The data centre (decision 0068): the space's forms seen as tables — rows, size and growth — for its
 * administrators. Served by server/apps/forms/datacenter, drawn by renderer/apps/forms/datacenter.
 */
export const DATACENTER_API = '/api/forms/datacenter';

/** The window the growth figures cover, in the space's days (today included). */
export const GROWTH_DAYS = 90;
/** How many tables the monitoring page lists as the largest. */
export const LARGEST_TABLES = 10;

export interface GrowthDay {
  /** A calendar day in the space's time zone, `YYYY-MM-DD`. */
  day: string;
  /** Live records created that day (those in the recycle bin are not counted). */
  added: number;
}

/** One form as a table. Only published forms have a table; forms of deleted apps and in the bin are left out. */
export interface DataTableItem {
  formId: string;
  appId: string;
  appName: string;
  formName: string;
  /** The form's record table as the database names it (for the administrator's DBA; the route uses formId). */
  table: string;
  /** Live records. */
  rows: number;
  /** The table with its indexes and TOAST, as PostgreSQL reports it (pg_total_relation_size). */
  bytes: number;
  added7d: number;
  added30d: number;
  /** The latest change of a live record; null when the table has none. */
  updatedAt: string | null;
  /** True when rows, added7d and added30d are the planner's estimates (a large table), shown as "about". */
  estimated: boolean;
}

export interface DataTableDetail extends DataTableItem {
  /** Fields of the published version. */
  fields: number;
  /** GROWTH_DAYS days, oldest first, every day present (0 when nothing was added). */
  growth: GrowthDay[];
}

export interface DataMonitoring {
  totals: { forms: number; rows: number; bytes: number; estimated: boolean };
  /** Records added per day over every form of the space, GROWTH_DAYS days, oldest first. */
  growth: GrowthDay[];
  /** The LARGEST_TABLES largest tables by size. */
  largest: DataTableItem[];
}
