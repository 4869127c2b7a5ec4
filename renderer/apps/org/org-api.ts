import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../shell/services.tsx';

export interface Department { id: string; parentId: string | null; name: string; code: string; sort: number; disabled: boolean; headIds: string[]; updatedAt: string }
export interface Post { id: string; code: string; name: string; departmentId: string; holders: string }
export interface Member { id: string; loginId: string; name: string }

/** Loads a list once and again on `reload()`; `error` holds the server's message in the user's language. */
export function useList<T>(path: string, key: string): { items: T[] | null; error: string | null; reload: () => void } {
  const { api } = useServices();
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    api.get(path).then(
      (answer) => {
        if (!live) return;
        setItems((answer.data as Record<string, T[]>)[key] ?? []);
        setError(null);
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, path, key, round]);
  return { items, error, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/** Departments as options "Parent / Child" for selects, in tree order. */
export function departmentOptions(departments: Department[], except?: Set<string>): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  const walk = (parentId: string | null, prefix: string) => {
    for (const d of departments.filter((x) => x.parentId === parentId).sort((a, b) => a.sort - b.sort)) {
      if (except?.has(d.id)) continue;
      out.push({ value: d.id, label: prefix + d.name });
      walk(d.id, `${prefix}${d.name} / `);
    }
  };
  walk(null, '');
  return out;
}

/** The department and its descendants: neither may become its new parent or merge target. */
export function subtree(departments: Department[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of departments) if (d.parentId && ids.has(d.parentId) && !ids.has(d.id)) ids.add(d.id), (grew = true);
  }
  return ids;
}
