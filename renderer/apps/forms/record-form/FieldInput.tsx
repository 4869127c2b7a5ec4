import { SimpleInput } from './SimpleInput.tsx';
import { SubtableInput } from './SubtableInput.tsx';
import type { FieldInputProps } from './types.ts';

/** The input of any field type: the sub-table is the only one whose cells are inputs themselves. */
export function FieldInput(props: FieldInputProps) {
  return props.field.type === 'subtable' ? <SubtableInput {...props} /> : <SimpleInput {...props} />;
}
