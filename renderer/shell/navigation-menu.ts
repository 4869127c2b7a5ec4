import { atom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { NAVIGATION_PATH, type MyNavigationEntry } from '../../shared/org/navigation.ts';
import { rolesFor } from '../../shared/permissions.ts';
import type { SessionUser } from '../kernel/atoms.ts';
import { useServices } from './services.tsx';

/** Bumped by the navigation pages after a change, so the admin's own side menu shows it without a reload. */
export const navigationRoundAtom = atom(0);

/**
 * The space's web navigation for this member (decision 0044), read once per space and after each change. Only
 * members of a space ask (root outside any space has none); a failed read leaves the group out rather than
 * breaking the menu, which is secondary to the page.
 */
export function useMyNavigation(user: SessionUser | null, wanted: boolean): MyNavigationEntry[] {
  const { api } = useServices();
  const round = useAtomValue(navigationRoundAtom);
  const [entries, setEntries] = useState<MyNavigationEntry[]>([]);
  const member = Boolean(wanted && user?.entId && user.roles.some((role) => (rolesFor('org.structure.read') as readonly string[]).includes(role)));
  const space = user?.entId ?? null;
  useEffect(() => {
    if (!member) {
      setEntries([]);
      return;
    }
    let live = true;
    api.get<{ entries: MyNavigationEntry[] }>(`${NAVIGATION_PATH}/mine?terminal=web`).then(
      (answer) => live && setEntries(answer.data.entries),
      () => live && setEntries([]),
    );
    return () => {
      live = false;
    };
  }, [api, member, space, round]);
  return entries;
}
