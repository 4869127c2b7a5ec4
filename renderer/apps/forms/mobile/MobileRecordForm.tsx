import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { PhotoCapture } from '../record-form/FileInput.tsx';
import { InputOverrideContext } from '../record-form/input-override.ts';
import { RecordForm } from '../record-form/RecordForm.tsx';
import type { RecordLabels } from '../record-form/types.ts';
import { touchInput } from './touch-inputs.tsx';

interface Props {
  fields: readonly FieldDef[];
  values: Record<string, unknown>;
  onChange(values: Record<string, unknown>): void;
  errors: readonly FieldError[];
  labels?: RecordLabels;
}

/**
 * The web's record form on a phone: the same fields, checks and error placement, in one column with labels above
 * (mobile.css), touch inputs where the web's are pop-ups (touch-inputs.tsx), and a camera for image fields.
 */
export function MobileRecordForm(props: Props) {
  return (
    <div className="qp-mf-form" data-testid="mf-record-form">
      <InputOverrideContext.Provider value={touchInput}>
        <PhotoCapture.Provider value>
          <RecordForm {...props} />
        </PhotoCapture.Provider>
      </InputOverrideContext.Provider>
    </div>
  );
}
