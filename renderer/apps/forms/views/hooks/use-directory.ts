import { useEffect, useState } from 'react';
import { useServices } from '../../../../shell/services.tsx';
import type { Directory } from '../../record-form/types.ts';

/**
 * The space's members and departments (GET /api/forms/directory), fetched only when something needs names or
 * choices for them: member filters, cascade levels and occupy rows of member or department fields.
 */
export function useDirectory(needed: boolean): Directory | null {
  const { api } = useServices();
  const [directory, setDirectory] = useState<Directory | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    api.get<Directory>('/api/forms/directory').then(
      (answer) => live && setDirectory({ users: answer.data?.users ?? [], departments: answer.data?.departments ?? [] }),
      // Without the directory the ids still show as #id: the view stays usable.
      () => live && setDirectory({ users: [], departments: [] }),
    );
    return () => {
      live = false;
    };
  }, [api, needed]);
  return directory;
}
