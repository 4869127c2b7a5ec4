import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { Directory, RecordLabels } from '../../record-form/types.ts';

/**
 * The display name of a distinct value (cascade nodes, occupy rows). The distinct API answers bare ids, so
 * members and departments are named from the directory and related records from list answers' labels.
 */
export function refName(field: FieldDef, value: string | number, directory: Directory | null, labels: RecordLabels | undefined): string {
  const id = String(value);
  switch (field.type) {
    case 'member':
      return labels?.users?.[id] ?? directory?.users.find((u) => u.id === id)?.name ?? `#${id}`;
    case 'department':
      return labels?.departments?.[id] ?? directory?.departments.find((d) => d.id === id)?.name ?? `#${id}`;
    case 'relation':
      return labels?.relations?.[field.key]?.[id] ?? `#${id}`;
    default:
      return id;
  }
}

export const namedByDirectory = (field: FieldDef | undefined) => field?.type === 'member' || field?.type === 'department';
