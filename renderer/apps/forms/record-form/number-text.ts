import type { FieldDef } from '../../../../shared/forms/fields.ts';

/**
 * A number or amount as every screen shows it (list cell, board card, detail): grouped digits, exactly the field's
 * decimal places when it declares them (an amount of 121 with 2 places is ¥121.00 everywhere), else as entered.
 */
export function numberText(field: Pick<FieldDef, 'type' | 'decimals'>, value: number, language: string): string {
  const digits = field.decimals;
  const text = value.toLocaleString(language, digits === undefined ? { maximumFractionDigits: 8 } : { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return field.type === 'amount' ? `¥${text}` : text;
}
