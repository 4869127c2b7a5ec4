import { AppError } from '../errors.ts';

/** One spreadsheet cell as the import/export layer sees it; blank cells are null, never ''. */
export type Cell = string | number | boolean | Date | null;
export type SheetKind = 'csv' | 'xlsx';
export type TextEncoding = 'utf8' | 'gb18030';

/**
 * A user-facing problem with an import file: an i18n key and params; nothing is imported when it is thrown.
 * It is an AppError (422) so a route can let it through and the kernel's error handler answers it in the
 * caller's language without a mapping table.
 */
export class ImportFileError extends AppError {
  constructor(
    key: string,
    override readonly params: Record<string, string | number> = {},
  ) {
    super(422, key, params);
    this.name = 'ImportFileError';
  }
}

export const IMPORT_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 200,
  maxCellChars: 32_767,
  zipMaxEntries: 2_000,
  zipMaxUncompressed: 500 * 1024 * 1024,
};

export type ImportLimits = typeof IMPORT_LIMITS;

/** Tests (and a future per-tenant setting) tighten single limits; everything else stays at the default. */
export function importLimits(overrides: Partial<ImportLimits> = {}): ImportLimits {
  return { ...IMPORT_LIMITS, ...overrides };
}
