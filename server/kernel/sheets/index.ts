/**
 * File layer of record import/export for the forms app: detect → checkZip → readSheet for imports,
 * openWriter for exports. Everything streams; nothing here touches the database.
 */
export { detectImportFile } from './detect.ts';
export { readSheet, readSheetRows, type ReadSheetOptions } from './read.ts';
export type { FormulaError } from './read-csv.ts';
export { defaultSheet, listXlsxSheets, type SheetInfo } from './read-xlsx.ts';
export { IMPORT_LIMITS, ImportFileError, importLimits, type Cell, type ImportLimits, type SheetKind, type TextEncoding } from './types.ts';
export { escapeFormula, unescapeFormula } from './csv-escape.ts';
export { openWriter, type ColumnFormat, type ListValidation, XLSX_MAX_DATA_ROWS, type RowWriter } from './write.ts';
export { checkZip } from './zip.ts';
export { instantOf, offsetAt, wallOf } from './zone.ts';
export { cellsFromJson, cellsToJson, failedRowFromJson, failedRowToJson } from './cell-json.ts';
