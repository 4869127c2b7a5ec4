import { Select } from '@arco-design/web-react';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNames } from '../../../../shared/api/workflow-design.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { PickedItem, PickerKind, PickerRoleGroup } from '../../../../shared/org/picker.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';

/** What every panel of the designer reads: the form's fields, the names of what the model names, the space's roles. */
export interface DesignerShared {
  fields: readonly FieldDef[];
  names: FlowNames;
  remember(kind: keyof FlowNames, entries: ReadonlyArray<{ id: string; name: string }>): void;
  roleGroups: PickerRoleGroup[];
}
export const DesignerContext = createContext<DesignerShared | null>(null);
export const useDesignerShared = () => useContext(DesignerContext)!;

/** The space's role groups with their roles (GET /api/org/role-groups); empty when they cannot be read. */
export function useRoleGroups(): PickerRoleGroup[] {
  const { api } = useServices();
  const [groups, setGroups] = useState<PickerRoleGroup[]>([]);
  useEffect(() => {
    let live = true;
    api.get<{ groups: PickerRoleGroup[] }>('/api/org/role-groups').then(
      (answer) => live && setGroups(answer.data?.groups ?? []),
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return groups;
}

const PICKER_KIND: Record<'members' | 'roleGroups' | 'posts' | 'departments', PickerKind> = {
  members: 'member',
  roleGroups: 'roleGroup',
  posts: 'post',
  departments: 'department',
};

/** The one org picker (decision 0038) over a list of ids: names from the model's names, remembered when picked. */
export function IdsPicker({ kind, ids, onChange, testId, label }: {
  kind: keyof typeof PICKER_KIND;
  ids: readonly string[];
  onChange(ids: string[]): void;
  testId: string;
  label: string;
}) {
  const { names, remember } = useDesignerShared();
  const value: PickedItem[] = ids.map((id) => ({ kind: PICKER_KIND[kind], id, name: names[kind][id] ?? `#${id}` }));
  return (
    <OrgPicker
      kinds={[PICKER_KIND[kind]]}
      multiple
      value={value}
      placeholder={label}
      testId={testId}
      onChange={(items) => {
        remember(kind, items);
        onChange(items.map((item) => item.id));
      }}
    />
  );
}

/** Enterprise roles, grouped by their role group. */
export function RolesSelect({ ids, onChange, testId, label }: { ids: readonly string[]; onChange(ids: string[]): void; testId: string; label: string }) {
  const { t } = useTranslation();
  const { roleGroups, names, remember } = useDesignerShared();
  const known = new Set(roleGroups.flatMap((g) => g.roles.map((r) => r.id)));
  return (
    <Select
      mode="multiple"
      allowClear
      value={[...ids]}
      placeholder={t('workflow.designerUi.assignee.pickRoles')}
      aria-label={label}
      data-testid={testId}
      onChange={(next: string[]) => {
        remember('roles', roleGroups.flatMap((g) => g.roles).filter((r) => next.includes(r.id)));
        onChange(next);
      }}
    >
      {roleGroups.map((group) => (
        <Select.OptGroup key={group.id} label={group.name}>
          {group.roles.map((role) => (
            <Select.Option key={role.id} value={role.id}>{role.name}</Select.Option>
          ))}
        </Select.OptGroup>
      ))}
      {/* Roles the model names that the list does not have (removed since): shown so they can be taken out. */}
      {ids.filter((id) => !known.has(id)).map((id) => (
        <Select.Option key={id} value={id}>{names.roles[id] ?? `#${id}`}</Select.Option>
      ))}
    </Select>
  );
}
