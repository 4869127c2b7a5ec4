import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Transport } from '../../../kernel/transport.ts';
import { postFiles } from '../../../kernel/upload.ts';
import { apiLink, uploadImportFile } from '../views/links.ts';
import type { AppForm, Job } from '../views/types.ts';

/** A column's field as the server guessed it and the user edited it (`include: false` leaves the column out). */
export interface SheetField {
  column: number;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'date' | 'datetime' | 'select';
  options?: string[];
  /** Numbers: the decimal places the column shows (kept, so 121 is not shown as 121.0). */
  decimals?: number;
  include: boolean;
}

/** POST …/forms/guess-fields: what a sheet suggests; nothing is stored. */
export interface SheetGuess {
  name: string;
  headerRow: number;
  sheet: number;
  fields: Omit<SheetField, 'include'>[];
}

export const SHEET_TYPES: SheetField['type'][] = ['text', 'textarea', 'number', 'date', 'datetime', 'select'];

export function guessFields(spaceUri: string, appId: string, file: File, fallback: string): Promise<SheetGuess> {
  const url = apiLink(spaceUri, `/api/forms/apps/${encodeURIComponent(appId)}/forms/guess-fields`);
  return postFiles(url, [file], fallback, (data): data is SheetGuess => Array.isArray((data as { fields?: unknown } | null)?.fields));
}

/** The chosen columns as fields f1…fn; the first is the record title (a title field must be required). */
export function fieldsOf(columns: readonly SheetField[]): FieldDef[] {
  return columns
    .filter((c) => c.include)
    .map((c, i) => ({
      key: `f${i + 1}`,
      type: c.type,
      label: c.label.trim(),
      ...(c.type === 'select' ? { options: c.options ?? [] } : {}),
      ...(c.type === 'number' && c.decimals !== undefined ? { decimals: c.decimals } : {}),
      ...(i === 0 ? { required: true, title: true } : {}),
    })) as FieldDef[];
}

/**
 * Creating a form from a sheet is the same calls an admin makes by hand: create, save the draft, publish, then the
 * ordinary import job (one write path for records) with the sheet's columns mapped to the new fields.
 */
export async function createFromSheet(api: Transport, spaceUri: string, appId: string, name: string, file: File, guess: SheetGuess, columns: readonly SheetField[], fallback: string) {
  const fields = fieldsOf(columns);
  const form = (await api.post<AppForm & { draftUpdatedAt: string }>('/api/forms/forms', { appId, name }, { json: true })).data;
  await api.put(`/api/forms/forms/${form.id}/draft`, { definition: { fields }, draftUpdatedAt: form.draftUpdatedAt }, { json: true });
  await api.post(`/api/forms/forms/${form.id}/publish`, {}, { json: true });
  const preview = await uploadImportFile(spaceUri, form.id, file, fallback);
  const included = columns.filter((c) => c.include);
  const mapping = Object.fromEntries(included.map((c, i) => [String(c.column), `f${i + 1}`]));
  const job = (await api.post<Job>(`/api/forms/forms/${form.id}/imports`, { fileId: preview.file.fileId, mapping, sheet: guess.sheet, headerRow: guess.headerRow }, { json: true })).data;
  return { form, job };
}
