/** The record form of the forms micro-app: used by the designer's preview and by the record pages. */
export { RecordForm, WIDTH_SPAN, sectionsOf, type RecordFormProps } from './RecordForm.tsx';
export { FieldInput } from './FieldInput.tsx';
export { ReadOnlyValue } from './ReadOnlyValue.tsx';
export { errorsAt, errorsUnder, serverFieldErrors, useErrorText, useRecordValidation } from './validation.ts';
export { fileUrl, uploadFiles } from './files-api.ts';
export { sanitizeHtml } from './sanitize.ts';
export type { Directory, FieldInputProps, RecordLabels } from './types.ts';
