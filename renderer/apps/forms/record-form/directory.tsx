import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useServices } from '../../../shell/services.tsx';
import type { Directory, DirectoryDepartment } from './types.ts';

/** null while loading or when the form has no member/department field; the empty directory after a failure. */
const DirectoryContext = createContext<Directory | null>(null);

/**
 * The space's members and departments (GET /api/forms/directory), fetched only when something needs them. On
 * failure the empty directory: pickers and cells still show the names they were given (labels) or `#id`.
 */
export function useLoadedDirectory(needed: boolean): Directory | null {
  const { api } = useServices();
  const [directory, setDirectory] = useState<Directory | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    api.get<Directory>('/api/forms/directory').then(
      (answer) => live && setDirectory({ users: answer.data?.users ?? [], departments: answer.data?.departments ?? [] }),
      () => live && setDirectory({ users: [], departments: [] }),
    );
    return () => {
      live = false;
    };
  }, [api, needed]);
  return directory;
}

/** Loads the directory once per form mount: the member and department pickers of one form share it. */
export function DirectoryProvider({ needed, children }: { needed: boolean; children: ReactNode }) {
  return <DirectoryContext.Provider value={useLoadedDirectory(needed)}>{children}</DirectoryContext.Provider>;
}

export const useDirectory = () => useContext(DirectoryContext);

/** "Head office / Sales / East": departments named with their parents, so equal names stay distinguishable. */
export function departmentPaths(departments: readonly DirectoryDepartment[]): Map<string, string> {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const paths = new Map<string, string>();
  for (const department of departments) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: DirectoryDepartment | undefined = department; at && !seen.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    paths.set(department.id, names.join(' / '));
  }
  return paths;
}
