import {
  IconAlignLeft, IconApps, IconAttachment, IconCalendar, IconCalendarClock, IconCheckSquare, IconCheckCircle, IconCode, IconEmail,
  IconFileImage, IconFontColors, IconIdcard, IconLink, IconList, IconLocation, IconMindMapping, IconOrderedList, IconPhone, IconSafe,
  IconSelectAll, IconUser, IconUserGroup, IconEdit,
} from '@arco-design/web-react/icon';
import type { ReactElement } from 'react';
import { CHOICE_TYPES, type FieldDef, type FieldType, type NumberingRule } from '../../../../shared/forms/fields.ts';

/** The palette's groups, in the order a form designer usually reaches for them. */
export const PALETTE_GROUPS: ReadonlyArray<{ id: string; types: readonly FieldType[] }> = [
  { id: 'basic', types: ['text', 'textarea', 'number', 'amount', 'date', 'datetime', 'richtext'] },
  { id: 'choice', types: ['select', 'multiselect', 'radio', 'checkbox'] },
  { id: 'format', types: ['phone', 'email', 'idcard', 'postcode', 'uscc'] },
  { id: 'org', types: ['member', 'department'] },
  { id: 'files', types: ['attachment', 'image'] },
  { id: 'advanced', types: ['serial', 'subtable', 'relation'] },
];

export const TYPE_ICON: Record<FieldType, ReactElement> = {
  text: <IconFontColors />,
  textarea: <IconAlignLeft />,
  number: <IconOrderedList />,
  amount: <IconSafe />,
  date: <IconCalendar />,
  datetime: <IconCalendarClock />,
  select: <IconList />,
  multiselect: <IconSelectAll />,
  radio: <IconCheckCircle />,
  checkbox: <IconCheckSquare />,
  member: <IconUser />,
  department: <IconUserGroup />,
  attachment: <IconAttachment />,
  image: <IconFileImage />,
  richtext: <IconEdit />,
  phone: <IconPhone />,
  email: <IconEmail />,
  idcard: <IconIdcard />,
  postcode: <IconLocation />,
  uscc: <IconCode />,
  serial: <IconMindMapping />,
  subtable: <IconApps />,
  relation: <IconLink />,
};

export const typeLabelKey = (type: FieldType) => `forms.ui.type.${type}`;
export const isChoice = (type: FieldType) => CHOICE_TYPES.includes(type);

export const DEFAULT_NUMBERING: NumberingRule = { prefix: '', datePart: 'yyyyMMdd', digits: 4 };

/** A new field with what its type needs to be valid at once (choices, numbering), so a fresh form can be saved. */
export function newField(type: FieldType, key: string, t: (key: string, params?: Record<string, unknown>) => string, columnKey?: () => string): FieldDef {
  const field: FieldDef = { key, type, label: t(typeLabelKey(type)), width: 'full' };
  if (isChoice(type)) field.options = [1, 2, 3].map((n) => t('forms.ui.designer.optionN', { n }));
  if (type === 'serial') field.numbering = { ...DEFAULT_NUMBERING };
  if (type === 'subtable' && columnKey) field.columns = [{ key: columnKey(), type: 'text', label: t('forms.ui.designer.columnN', { n: 1 }) }];
  if (type === 'relation') field.relation = { formId: '' };
  return field;
}

/** The number `rule` gives the first record of today: the same format as server/apps/forms/numbering.ts. */
export function numberingExample(rule: NumberingRule, at: Date = new Date()): string {
  const y = String(at.getFullYear());
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  const period = { none: '', yyyy: y, yyyyMM: y + m, yyyyMMdd: y + m + d }[rule.datePart] ?? '';
  return `${rule.prefix}${period}${'1'.padStart(Math.max(1, rule.digits || 1), '0')}`;
}

/** Every key a definition uses (sub-table columns included): what nextFieldKey must stay above. */
export const highestKeyIn = (fields: readonly FieldDef[]) =>
  Math.max(0, ...fields.flatMap((f) => [f, ...(f.columns ?? [])]).map((f) => Number(f.key.slice(1)) || 0));
