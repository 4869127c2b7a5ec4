import type { Cell } from './types.ts';

/** A Date in JSON: tagged, so a failure row gives back a date cell and not its ISO text. */
interface DateJson {
  $date: string;
}

/** Cells → JSON that keeps their types (failure rows are stored this way, then written back as read). */
export function cellsToJson(cells: readonly Cell[]): unknown[] {
  return cells.map((cell) => (cell instanceof Date ? ({ $date: cell.toISOString() } satisfies DateJson) : cell));
}

export function cellsFromJson(json: unknown): Cell[] {
  if (!Array.isArray(json)) return [];
  return json.map((value): Cell => {
    if (value && typeof value === 'object' && typeof (value as DateJson).$date === 'string') return new Date((value as DateJson).$date);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  });
}

/** A failed row as stored: its line in the file and its cells. */
export function failedRowToJson(line: number, cells: readonly Cell[]): { line: number; cells: unknown[] } {
  return { line, cells: cellsToJson(cells) };
}

/** Both the stored shape above and an older bare array of cells (no line). */
export function failedRowFromJson(json: unknown): { line: number | null; cells: Cell[] } {
  if (Array.isArray(json)) return { line: null, cells: cellsFromJson(json) };
  const row = (json ?? {}) as { line?: unknown; cells?: unknown };
  return { line: typeof row.line === 'number' ? row.line : null, cells: cellsFromJson(row.cells) };
}
