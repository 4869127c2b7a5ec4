import { AutoComplete } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { RouteEntry } from '../../../shared/routes/types.ts';
import { allowedRoutesAtom, sessionAtom } from '../../kernel/atoms.ts';
import { offeredPages } from '../menus.ts';
import { useServices } from '../services.tsx';
import { useRemoteSearch, type Links } from './remote.ts';
import { matchPages, normalise, type SearchHit } from './search-model.ts';

const NONE = '__none__';
const route = (id: string) => ROUTES.find((r) => r.id === id)!;

/**
 * Header search (spec §2.8): the pages this user is offered, by their title in the current language, then the
 * applications and records they may see, through the application centre and app search APIs.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api } = useServices();
  const allowed = useAtomValue(allowedRoutesAtom);
  const user = useAtomValue(sessionAtom);
  const [text, setText] = useState('');
  const spaceId = user?.entId && user.entId !== user.ownSpaceId ? user.entId : null;
  const pages = useMemo(() => offeredPages(allowed, user?.roles ?? []), [allowed, user]);
  const href = (entry: RouteEntry, params: Record<string, string> = {}) => buildPath(entry, params, entry.spaced ? spaceId : null);
  const links: Links = {
    app: (appId) => href(route('forms.appView'), { appId }),
    record: (app, form, id) => `${href(route('forms.detail'), { app, form })}?id=${encodeURIComponent(id)}`,
  };
  const hasApps = allowed.some((r) => r.id === 'appcenter.home');
  const remote = useRemoteSearch(api, text, hasApps, links);
  const local = matchPages(pages, text, (r) => t(r.title), (r) => t(`apps.${r.app}`), (r) => href(r));
  const hits: SearchHit[] = [...local, ...remote.hits];
  const searching = normalise(text) !== '';
  const kindLabel = (hit: SearchHit) => t(`shell.searchKind.${hit.kind}`);

  return (
    <AutoComplete
      className="qp-search"
      placeholder={t('shell.search')}
      value={text}
      // Our hits are already matched (titles, apps, records); the default filter would match the option values.
      filterOption={false}
      loading={searching && !remote.settled}
      onChange={(value) => setText(String(value))}
      onSelect={(value) => {
        if (value === NONE) return setText(text);
        const hit = hits.find((h) => h.key === value);
        setText('');
        if (hit) navigate(hit.href);
      }}
      inputProps={{ 'aria-label': t('shell.search') }}
      // The option list needs a name of its own (axe aria-input-field-name); Arco passes these to the listbox.
      virtualListProps={{ 'aria-label': t('shell.search') } as object}
      data-testid="global-search"
    >
      {hits.map((hit) => (
        <AutoComplete.Option key={hit.key} value={hit.key}>
          <span data-testid={`search-hit-${hit.key}`}>
            {hit.label} <span className="qp-search-detail">{kindLabel(hit)}{hit.detail ? ` · ${hit.detail}` : ''}</span>
          </span>
        </AutoComplete.Option>
      ))}
      {searching && remote.settled && hits.length === 0 && (
        <AutoComplete.Option key={NONE} value={NONE}>
          <span data-testid="search-none">{t('shell.searchEmpty')}</span>
        </AutoComplete.Option>
      )}
    </AutoComplete>
  );
}
