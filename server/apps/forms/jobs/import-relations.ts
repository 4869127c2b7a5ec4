import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Actor } from '../context.ts';
import { recordsNamed, type NamedRecord } from '../labels.ts';
import type { SheetRow } from './import-batch.ts';

/** Per relation field, the records each name in a batch's cells names (field key → cell text → records). */
export type RelationNames = ReadonlyMap<string, ReadonlyMap<string, NamedRecord[]>>;

const cellText = (cell: unknown) => (typeof cell === 'string' ? cell.trim() : typeof cell === 'number' ? String(cell) : '');

/**
 * The export writes a related record by its title (or number); the import takes that back, as well as an id.
 * One query per relation column per batch, as the importer may see the related form.
 */
export async function relationNames(trx: Trx, reader: Actor, columns: ReadonlyArray<[number, FieldDef]>, rows: readonly SheetRow[]): Promise<RelationNames> {
  const found = new Map<string, Map<string, NamedRecord[]>>();
  for (const [column, field] of columns) {
    const formId = field.type === 'relation' ? field.relation?.formId : undefined;
    if (!formId) continue;
    const names = [...new Set(rows.map((row) => cellText(row.cells[column])).filter((text) => text && !/^#[0-9]{1,18}$/.test(text)))];
    const byName = new Map<string, NamedRecord[]>();
    for (const record of await recordsNamed(trx, reader, formId, names)) byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
    found.set(field.key, byName);
  }
  return found;
}
