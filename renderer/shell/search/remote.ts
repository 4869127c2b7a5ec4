import { useEffect, useState } from 'react';
import type { AppcenterApp } from '../../../shared/api/appcenter.ts';
import type { Transport } from '../../kernel/transport.ts';
import { MAX_APPS, RECORD_SEARCH_APPS, RECORDS_PER_APP, normalise, type SearchHit } from './search-model.ts';

interface RecordHit {
  formId: string;
  formName: string;
  id: string;
  number: string | null;
  title: string | null;
}

export interface Links {
  app(appId: string): string;
  record(appId: string, formId: string, id: string): string;
}

const DEBOUNCE_MS = 250;

/**
 * Applications (application centre search) and records (each app's own search, inside the member's record
 * permissions) matching the query. Both APIs apply the server's rules, so nothing the member may not see is shown.
 * Records are searched in the member's first few apps only: one request per app, per settled query.
 */
export async function searchRemote(api: Transport, query: string, links: Links, signal: AbortSignal): Promise<SearchHit[]> {
  const q = query.trim();
  const [matching, all] = await Promise.all([
    api.get<{ apps: AppcenterApp[] }>('/api/appcenter/apps', { params: { q }, signal }),
    api.get<{ apps: AppcenterApp[] }>('/api/appcenter/apps', { signal }),
  ]);
  const hits: SearchHit[] = matching.data.apps.slice(0, MAX_APPS).map((app) => ({
    kind: 'app',
    key: `app:${app.id}`,
    label: app.name,
    detail: app.description,
    href: links.app(app.id),
  }));
  const perApp = await Promise.all(
    all.data.apps.slice(0, RECORD_SEARCH_APPS).map((app) =>
      api
        .get<{ results: RecordHit[] }>(`/api/forms/apps/${encodeURIComponent(app.id)}/search`, { params: { q }, signal })
        .then((answer) => answer.data.results.slice(0, RECORDS_PER_APP).map((hit) => ({ app, hit })))
        // An app without published forms, or one refused, contributes nothing; the others still answer.
        .catch(() => []),
    ),
  );
  for (const { app, hit } of perApp.flat()) {
    hits.push({
      kind: 'record',
      key: `record:${hit.formId}:${hit.id}`,
      label: hit.title || hit.number || hit.id,
      detail: `${app.name} / ${hit.formName}`,
      href: links.record(app.id, hit.formId, hit.id),
    });
  }
  return hits;
}

/** The remote hits for the settled query (`enabled` false for users without apps, e.g. the platform operator). */
export function useRemoteSearch(api: Transport, query: string, enabled: boolean, links: Links) {
  const [state, setState] = useState<{ query: string; hits: SearchHit[] }>({ query: '', hits: [] });
  const needle = normalise(query);
  useEffect(() => {
    if (!enabled || !needle) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRemote(api, needle, links, controller.signal).then(
        (hits) => setState({ query: needle, hits }),
        () => !controller.signal.aborted && setState({ query: needle, hits: [] }),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // links are rebuilt each render from stable inputs; the query and the user decide when to search.
  }, [api, needle, enabled]);
  return { hits: state.query === needle ? state.hits : [], settled: !enabled || !needle || state.query === needle };
}
