import type { FieldDef } from '../../../../shared/forms/fields.ts';

/**
 * The designer hands its unsaved fields to the preview window through sessionStorage: a window opened with
 * window.open starts with a copy of its opener's sessionStorage, so the preview shows what the designer sees
 * without saving first. When the copy is absent (another browser, a reload later) the preview loads the saved
 * draft instead.
 */
const keyOf = (formId: string) => `qp.forms.preview.${formId}`;

export function handOff(formId: string, fields: readonly FieldDef[]): void {
  try {
    sessionStorage.setItem(keyOf(formId), JSON.stringify({ fields }));
  } catch {
    // Storage full or disabled: the preview falls back to the saved draft.
  }
}

/** Removes the designer's own copy once the preview window has taken its snapshot. */
export function withdraw(formId: string): void {
  try {
    sessionStorage.removeItem(keyOf(formId));
  } catch {
    // nothing to clean
  }
}

export function takeHandOff(formId: string): FieldDef[] | null {
  try {
    const text = sessionStorage.getItem(keyOf(formId));
    if (!text) return null;
    const parsed = JSON.parse(text) as { fields?: unknown };
    return Array.isArray(parsed.fields) ? (parsed.fields as FieldDef[]) : null;
  } catch {
    return null;
  }
}
