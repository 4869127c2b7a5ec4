import { fail } from '../../kernel/errors.ts';

/** What the form-management calls answer about a form. */
export const formColumns = ['id', 'app_id as appId', 'name', 'description', 'sort', 'version', 'highest_key as highestKey', 'draft_updated_at as draftUpdatedAt', 'updated_at as updatedAt'] as const;

/** A name of spaces only passes the schema's length rule; it is no name (and would break the table's check: a 500). */
export function formName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw fail.unprocessable('forms.admin.nameBlank');
  return trimmed;
}
