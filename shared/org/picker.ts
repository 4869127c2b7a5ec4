/**
 * The one people picker (decision 0038): departments, members, posts, role groups and user groups, for
 * every screen where a designer picks people — the record-permission rule dialog today, the workflow designer,
 * portal scopes and rules later. The component is `renderer/shell/picker/OrgPicker.tsx`; its props and value are
 * here so that any app (and the server, checking what it receives) speaks the same shape.
 */
export const PICKER_KINDS = ['member', 'department', 'post', 'roleGroup', 'userGroup'] as const;
export type PickerKind = (typeof PICKER_KINDS)[number];

/** One chosen thing. The name travels with the id so a value can be shown without asking the server again. */
export interface PickedItem {
  kind: PickerKind;
  id: string;
  name: string;
}

export interface OrgPickerProps {
  /** What may be picked; one tab each, in this order. */
  kinds: readonly PickerKind[];
  value: readonly PickedItem[];
  onChange(value: PickedItem[]): void;
  /** Several items (default: one; picking another replaces it). */
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** `data-testid` of the field; the dialog's parts get it as a prefix (`{testId}-search`, …). */
  testId?: string;
}

/** GET /api/org/picker/departments: one level of the tree (`parentId`), or matches of `q` anywhere in it. */
export interface PickerDepartment {
  id: string;
  name: string;
  code: string;
  parentId: string | null;
  hasChildren: boolean;
  disabled: boolean;
  /** With `q`: the names from the root down to the department ("Head office/Production"). */
  path?: string;
}

/** GET /api/org/picker/members: a page of members; the login ID only where the viewer may see it. */
export interface PickerMember {
  id: string;
  name: string;
  loginId?: string;
  department: string | null;
}

export interface PickerPost {
  id: string;
  name: string;
  code: string;
  department: string | null;
}

export interface PickerUserGroup {
  id: string;
  name: string;
  kind: 'public' | 'private';
}

/** GET /api/org/role-groups (the roles' own endpoint): the picker offers the groups, naming their roles. */
export interface PickerRoleGroup {
  id: string;
  name: string;
  kind: string;
  roles: Array<{ id: string; name: string }>;
}

export interface PickerPage<T> {
  items: T[];
  next: string | null;
}

export const PICKER_PAGE_SIZE = 50;

/** Adds or removes `item` in `value` (single: the item replaces the value; picking it again clears it). */
export function toggled(value: readonly PickedItem[], item: PickedItem, multiple: boolean): PickedItem[] {
  const has = value.some((v) => v.kind === item.kind && v.id === item.id);
  if (!multiple) return has ? [] : [item];
  return has ? value.filter((v) => !(v.kind === item.kind && v.id === item.id)) : [...value, item];
}
