import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { RouteMatch } from '../../shared/routes/match.ts';
import { pageTitlesAtom, tabTitle, usePageTitle } from './page-title.ts';

const matchOf = (id: string) => ({ route: { id }, params: {}, spaceUri: '', spaceId: null, isCrossSpace: false, query: {} }) as unknown as RouteMatch;

function Page({ match, title }: { match: RouteMatch; title?: string }) {
  usePageTitle(match, title);
  return null;
}

// A past defect: tabs named the page type ("表单详情") rather than the app, form or record.
describe('a page names its own browser tab', () => {
  it('the shown page gives its tab its title; another page keeps its route title; no title falls back', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const store = createStore();
    const detail = matchOf('forms.detail');
    const other = matchOf('appcenter.home');
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <Provider store={store}>
          <Page match={detail} title="Pumps - Orders" />
        </Provider>,
      ),
    );
    expect(tabTitle(store.get(pageTitlesAtom), detail, 'Record detail')).toBe('Pumps - Orders');
    expect(tabTitle(store.get(pageTitlesAtom), other, 'Application centre')).toBe('Application centre');
    await act(async () =>
      root.render(
        <Provider store={store}>
          <Page match={detail} />
        </Provider>,
      ),
    );
    expect(tabTitle(store.get(pageTitlesAtom), detail, 'Record detail')).toBe('Record detail');
    act(() => root.unmount());
  });
});
