import { Checkbox, Space } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Access } from '../../../../shared/dashboards/model.ts';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { useRoleGroupNames } from '../../../shell/picker/use-role-groups.ts';

/** An access list as the org picker's value (role groups first, then members), named from what is known. */
export function accessItems(access: Access, names: ReadonlyMap<string, string>): PickedItem[] {
  return [
    ...access.roleGroups.map((id): PickedItem => ({ kind: 'roleGroup', id, name: names.get(`roleGroup:${id}`) ?? `#${id}` })),
    ...access.members.map((id): PickedItem => ({ kind: 'member', id, name: names.get(`member:${id}`) ?? `#${id}` })),
  ];
}

/** The picker's value back as an access list (other kinds are not offered, so none are kept). */
export function accessOf(everyone: boolean, items: readonly PickedItem[]): Access {
  const ids = (kind: PickedItem['kind']) => [...new Set(items.filter((item) => item.kind === kind).map((item) => item.id))];
  return { everyone, roleGroups: everyone ? [] : ids('roleGroup'), members: everyone ? [] : ids('member') };
}

/**
 * Who may open (or change) a chart board: everyone in the space, or role groups and members through the one org
 * picker. Role group names come from the roles' endpoint, member names from the address book card, one call per
 * member the board names (a handful), remembered with the ones picked here.
 */
export function AccessField({ value, onChange, testId, everyoneLabel }: { value: Access; onChange(access: Access): void; testId: string; everyoneLabel: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const groups = useRoleGroupNames();
  const [members, setMembers] = useState<Map<string, string>>(new Map());
  const names = new Map<string, string>([...[...groups].map(([id, name]) => [`roleGroup:${id}`, name] as const), ...[...members].map(([id, name]) => [`member:${id}`, name] as const)]);

  const unnamed = value.members.filter((id) => !members.has(id)).join(',');
  useEffect(() => {
    if (!unnamed) return;
    let live = true;
    for (const id of unnamed.split(',')) {
      api.get<{ name: string }>(`/api/org/contacts/${encodeURIComponent(id)}`).then(
        (answer) => live && answer.data?.name && setMembers((old) => new Map(old).set(id, answer.data.name)),
        () => undefined, // A member who left stays as his id: the owner can still take him out.
      );
    }
    return () => {
      live = false;
    };
  }, [api, unnamed]);

  const pick = (items: PickedItem[]) => {
    setMembers((old) => {
      const next = new Map(old);
      for (const item of items) if (item.kind === 'member') next.set(item.id, item.name);
      return next;
    });
    onChange(accessOf(false, items));
  };

  return (
    <Space direction="vertical" size="mini" style={{ width: '100%' }}>
      <Checkbox checked={value.everyone} onChange={(everyone: boolean) => onChange({ ...value, everyone })} data-testid={`${testId}-everyone`}>
        {everyoneLabel}
      </Checkbox>
      {!value.everyone && (
        <OrgPicker kinds={['roleGroup', 'member']} multiple value={accessItems(value, names)} onChange={pick} placeholder={t('dashboards.boards.access.pick')} testId={testId} />
      )}
    </Space>
  );
}
