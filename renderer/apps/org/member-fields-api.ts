import { atom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { MEMBER_FIELDS_PATH, type MemberFieldDef } from '../../../shared/org/member-fields.ts';
import { buildPath, type RouteMatch } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { useServices } from '../../shell/services.tsx';

/** A field as the editor lists it: with how many members hold a value (a delete removes them). */
export type MemberFieldRow = MemberFieldDef & { valueCount: number };

/**
 * Bumped after any change to the fields or the self-edit setting: the hub, the two editor pages and the member
 * dialog stay mounted in the page cache, and reload when this changes instead of showing what they loaded before.
 */
export const elementsRoundAtom = atom(0);

/** The space's extension fields, reloaded whenever a page announces a change. */
export function useMemberFields() {
  const { api } = useServices();
  const round = useAtomValue(elementsRoundAtom);
  const [fields, setFields] = useState<MemberFieldRow[] | null>(null);
  const [max, setMax] = useState(30);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    api.get<{ fields: MemberFieldRow[]; max: number }>(MEMBER_FIELDS_PATH).then(
      (answer) => {
        if (!live) return;
        setFields(answer.data.fields);
        setMax(answer.data.max);
        setError(null);
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { fields, setFields, max, error, reload };
}

/** The address of a route of the table in the space the page is looking at (as the side menu builds it). */
export const routePath = (match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>, id: string, params: Record<string, string> = {}) =>
  buildPath(ROUTES.find((r) => r.id === id)!, params, match.spaceUri ? match.spaceId : null);

/** Moves one id up or down a list; null when it cannot move. */
export function moved(ids: string[], id: string, delta: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
