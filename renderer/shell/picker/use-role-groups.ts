import { useEffect, useState } from 'react';
import type { PickerRoleGroup } from '../../../shared/org/picker.ts';
import { useServices } from '../services.tsx';

/**
 * The space's role groups (GET /api/org/role-groups) by id, to name a scope (a portal's, a dashboard's viewers); empty
 * when they cannot be read. With the picker, as the organisation's people and groups are shown to every app.
 */
export function useRoleGroupNames(): Map<string, string> {
  const { api } = useServices();
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    api.get<{ groups: PickerRoleGroup[] }>('/api/org/role-groups').then(
      (answer) => live && setNames(new Map((answer.data?.groups ?? []).map((g) => [g.id, g.name]))),
      () => live && setNames(new Map()),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return names;
}
