/**
 * The one validation of form definitions and record values, run by the designer and the record form in the
 * browser and again by the server (which trusts nothing the browser checked).
 */
export { defaultValues, resolveDefault, validateValues, type FieldError } from './validate-values.ts';
export { validateDefinition } from './validate-definition.ts';
