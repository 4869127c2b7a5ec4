import type { ChartResult, ResultColumn } from '../../../../shared/dashboards/model.ts';

/**
 * Reading a ChartResult the way every drawing needs it: which columns are dimensions and which are values
 * (measures, then ratios), and a cell as a number or a label. Pure, shared by the ECharts options and the tables.
 */
export type Cell = string | number | null;

export interface ResultShape {
  dimensions: number[];
  values: number[];
}

export function shapeOf(result: ChartResult): ResultShape {
  const dimensions: number[] = [];
  const values: number[] = [];
  result.columns.forEach((column, index) => (column.role === 'dimension' ? dimensions : values).push(index));
  return { dimensions, values };
}

/** A value cell as a number (null for empty or unreadable ones: ECharts leaves a gap). */
export function numberOf(cell: Cell | undefined): number | null {
  if (cell === null || cell === undefined || cell === '') return null;
  const value = typeof cell === 'number' ? cell : Number(cell);
  return Number.isFinite(value) ? value : null;
}

/** A dimension cell as a label; empty groups get the caller's "(empty)" text. */
export function labelOf(cell: Cell | undefined, empty: string): string {
  return cell === null || cell === undefined || cell === '' ? empty : String(cell);
}

/** Distinct labels in first-seen order (the server's sort decides the order of categories). */
export function distinct(labels: string[]): string[] {
  return [...new Set(labels)];
}

/** Numbers as the viewer reads them: grouped thousands, `decimals` fixed when given. */
export function formatNumber(value: number | null, decimals?: number, locale?: string): string {
  if (value === null) return '–';
  const fixed = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, ...fixed }).format(value);
}

/** A ratio column marked percent by the server's label is still a plain number; the column label says what it is. */
export function columnLabel(column: ResultColumn | undefined): string {
  return column?.label ?? '';
}

/** Number card: the first value of the first row. */
export function numberCard(result: ChartResult, decimals?: number, locale?: string): { label: string; text: string; value: number | null } {
  const { values } = shapeOf(result);
  const index = values[0];
  if (index === undefined) return { label: '', text: '–', value: null };
  const value = numberOf(result.rows[0]?.[index]);
  return { label: columnLabel(result.columns[index]), text: formatNumber(value, decimals, locale), value };
}

export interface PivotTable {
  /** The first dimension's column label, then one header per column group (× value column when several). */
  corner: string;
  columns: Array<{ key: string; label: string }>;
  rows: Array<{ label: string; cells: Array<number | null>; rowIndex: number }>;
}

/**
 * Pivot: first dimension down, the other dimensions' combined labels across, measure cells. With several value
 * columns each column group repeats per value ("East · Count"). The first result row of each pivot row is the one
 * a click drills into.
 */
export function pivotTable(result: ChartResult, empty: string): PivotTable {
  const { dimensions, values } = shapeOf(result);
  const [rowDim, ...colDims] = dimensions;
  const rowLabelOf = (row: Cell[]) => (rowDim === undefined ? '' : labelOf(row[rowDim], empty));
  const groupOf = (row: Cell[]) => colDims.map((d) => labelOf(row[d], empty)).join(' / ');
  const groups = distinct(result.rows.map(groupOf));
  const columns = groups.flatMap((group) =>
    values.map((v) => {
      const label = [group, values.length > 1 || !group ? columnLabel(result.columns[v]) : ''].filter(Boolean).join(' · ');
      return { key: `${group}\u0000${v}`, label };
    }),
  );
  const byRow = new Map<string, { label: string; cells: Array<number | null>; rowIndex: number }>();
  result.rows.forEach((row, rowIndex) => {
    const label = rowLabelOf(row);
    let entry = byRow.get(label);
    if (!entry) byRow.set(label, (entry = { label, cells: columns.map(() => null), rowIndex }));
    const groupIndex = groups.indexOf(groupOf(row));
    values.forEach((v, i) => (entry!.cells[groupIndex * values.length + i] = numberOf(row[v])));
  });
  return { corner: rowDim === undefined ? '' : columnLabel(result.columns[rowDim]), columns, rows: [...byRow.values()] };
}
