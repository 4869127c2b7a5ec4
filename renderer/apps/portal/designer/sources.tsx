import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SystemWithApps } from '../../../../shared/api/appcenter.ts';
import type { PortalSummary, Terminal } from '../../../../shared/portal/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import { portalApi } from '../portal-api.ts';

/**
 * What the settings panel picks from, read once per designer: the systems and apps (as the application centre
 * lists them), the terminal's portals (portal links) and the page's address (images live in the space).
 */
export interface DesignerSources {
  systems: SystemWithApps[];
  portals: PortalSummary[];
  match: RouteMatch;
}

const Sources = createContext<DesignerSources | null>(null);
export const useSources = () => useContext(Sources)!;

export function SourcesProvider({ terminal, match, children }: { terminal: Terminal; match: RouteMatch; children: ReactNode }) {
  const { api } = useServices();
  const [systems, setSystems] = useState<SystemWithApps[]>([]);
  const [portals, setPortals] = useState<PortalSummary[]>([]);
  useEffect(() => {
    let live = true;
    api.get<{ systems: SystemWithApps[] }>('/api/appcenter/systems').then(
      (answer) => live && setSystems(answer.data?.systems ?? []),
      () => undefined,
    );
    portalApi(api)
      .list(terminal, true)
      .then(
        (list) => live && setPortals(list),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [api, terminal]);
  return <Sources.Provider value={{ systems, portals, match }}>{children}</Sources.Provider>;
}
