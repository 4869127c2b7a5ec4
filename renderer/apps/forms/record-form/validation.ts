import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { validateValues, type FieldError } from '../../../../shared/forms/validate.ts';
import { TransportError } from '../../../kernel/transport.ts';

/** Errors of exactly `path` (the field itself, not its sub-table cells). */
export const errorsAt = (errors: readonly FieldError[] | undefined, path: string) => (errors ?? []).filter((e) => e.field === path);

/** Errors of `path` and everything under it (`f7`, `f7.2`, `f7.2.f9`). */
export const errorsUnder = (errors: readonly FieldError[] | undefined, path: string) =>
  (errors ?? []).filter((e) => e.field === path || e.field.startsWith(`${path}.`));

/** Translates a FieldError with the shared message keys; params.field already is the field's label. */
export function useErrorText(): (error: FieldError) => string {
  const { t } = useTranslation();
  return useCallback((error: FieldError) => t(error.key, { ...error.params }), [t]);
}

/**
 * The record form's check before submitting: the same validateValues the server runs (non-partial, as for a
 * create), so the user sees the same §5 messages without a round trip. Keys that are not fields are ignored
 * here: they are stale state of the page, not the user's input.
 */
export function useRecordValidation(fields: readonly FieldDef[]) {
  return useCallback(
    (values: Record<string, unknown>, options: { partial?: boolean } = {}): FieldError[] => {
      const known = Object.fromEntries(fields.filter((f) => Object.hasOwn(values, f.key)).map((f) => [f.key, values[f.key]]));
      return validateValues(fields, known, options).errors;
    },
    [fields],
  );
}

/** The per-field errors of a server 422 (`data.errors`), or [] for any other failure. */
export function serverFieldErrors(failure: unknown): FieldError[] {
  if (!(failure instanceof TransportError) || failure.code !== 422) return [];
  const errors = (failure.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldError => typeof e === 'object' && e !== null && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).key === 'string');
}
