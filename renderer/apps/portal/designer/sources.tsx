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
/** A chart, dashboard or data screen a link may open (the dashboards app's lists, as the designer may see them). */
export interface LinkTarget {
  id: string;
  name: string;
}

export interface DesignerSources {
  systems: SystemWithApps[];
  portals: PortalSummary[];
  /** Targets of the chart, dashboard and analysis (data screen) link types. */
  analysis: { chart: LinkTarget[]; dashboard: LinkTarget[]; analysis: LinkTarget[] };
  match: RouteMatch;
}

const NO_TARGETS: DesignerSources['analysis'] = { chart: [], dashboard: [], analysis: [] };

const Sources = createContext<DesignerSources | null>(null);
export const useSources = () => useContext(Sources)!;

export function SourcesProvider({ terminal, match, children }: { terminal: Terminal; match: RouteMatch; children: ReactNode }) {
  const { api } = useServices();
  const [systems, setSystems] = useState<SystemWithApps[]>([]);
  const [portals, setPortals] = useState<PortalSummary[]>([]);
  const [analysis, setAnalysis] = useState(NO_TARGETS);
  useEffect(() => {
    let live = true;
    // The first page of each list (the lists are keyset-paged; a link's target is picked by name, with search).
    const items = (path: string) => api.get<{ items: LinkTarget[] }>(path).then((answer) => (answer.data?.items ?? []).map(({ id, name }) => ({ id, name })), () => []);
    Promise.all([items('/api/dashboards/charts'), items('/api/dashboards/boards?kind=dashboard'), items('/api/dashboards/boards?kind=screen')]).then(
      ([chart, dashboard, screens]) => live && setAnalysis({ chart, dashboard, analysis: screens }),
      () => undefined,
    );
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
  return <Sources.Provider value={{ systems, portals, analysis, match }}>{children}</Sources.Provider>;
}
