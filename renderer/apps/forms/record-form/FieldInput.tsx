import { useInputOverride } from './input-override.ts';
import { SimpleInput } from './SimpleInput.tsx';
import { SubtableInput } from './SubtableInput.tsx';
import type { FieldInputProps } from './types.ts';

/** The input of any field type: the sub-table is the only one whose cells are inputs themselves. */
export function FieldInput(props: FieldInputProps) {
  const override = useInputOverride();
  if (props.field.type !== 'subtable') return <SimpleInput {...props} />;
  return override?.(props) ?? <SubtableInput {...props} />;
}
