import {
  TRACK_API,
  WATCH_API,
  type Breach,
  type FunnelStep,
  type RouteSummary,
  type SeriesPoint,
  type Threshold,
  type ThresholdInput,
  type TopClick,
  type TopPage,
  type WatchPeriod,
} from '../../../../shared/api/console-watch.ts';
import type { Transport } from '../../../kernel/transport.ts';

export interface SpaceChoice {
  id: string;
  name: string;
}

/** The interface-watch and event-tracking calls of the operator's pages (shared/api/console-watch.ts). */
export const watchApi = (api: Transport) => ({
  routes: async (period: WatchPeriod) => (await api.get<{ routes: RouteSummary[] }>(`${WATCH_API}/routes`, { params: { period } })).data.routes,
  series: async (period: WatchPeriod, route?: { method: string; route: string }) =>
    (await api.get<{ points: SeriesPoint[] }>(`${WATCH_API}/series`, { params: { period, ...(route ?? {}) } })).data.points,
  thresholds: async () => (await api.get<{ thresholds: Threshold[] }>(`${WATCH_API}/thresholds`)).data.thresholds,
  createThreshold: async (input: ThresholdInput) => (await api.post<Threshold>(`${WATCH_API}/thresholds`, input, { json: true })).data,
  updateThreshold: async (id: string, input: ThresholdInput) => (await api.put<Threshold>(`${WATCH_API}/thresholds/${encodeURIComponent(id)}`, input, { json: true })).data,
  deleteThreshold: (id: string) => api.delete(`${WATCH_API}/thresholds/${encodeURIComponent(id)}`),
  breaches: async () => (await api.get<{ breaches: Breach[] }>(`${WATCH_API}/breaches`)).data.breaches,
  spaces: async () => (await api.get<{ spaces: SpaceChoice[] }>('/api/console/spaces')).data.spaces,
  top: async (spaceId: string, days: number) => (await api.get<{ pages: TopPage[]; clicks: TopClick[] }>(`${TRACK_API}/top`, { params: { spaceId, days } })).data,
  funnel: async (spaceId: string, days: number, steps: string[]) =>
    (await api.post<{ steps: FunnelStep[] }>(`${TRACK_API}/funnel`, { spaceId, days, steps }, { json: true })).data.steps,
});
