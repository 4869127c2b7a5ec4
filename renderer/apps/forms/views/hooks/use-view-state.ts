import { useState } from 'react';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { combineFilters } from '../model/filter-model.ts';
import { autoConfig } from '../model/view-config.ts';
import type { SavedView, ViewConfig, ViewKind } from '../types.ts';

export const DEFAULT_VIEW_ID = 'default';

/** The list every form has, before and besides its saved views: all records, newest first. */
export const defaultView = (name: string): SavedView => ({ id: DEFAULT_VIEW_ID, name, kind: 'list', ownerId: null, config: {} });

/**
 * Which view is shown and how: the tab, the kind the switcher picked (a quick look without saving a view:
 * the tab's filter and columns with fitting fields of that kind), the search text and the toolbar's filter.
 */
export function useViewState(views: readonly SavedView[], fields: readonly FieldDef[], initialId: string | undefined, initialKind?: ViewKind, initialFilter?: FilterGroup) {
  const [activeId, setActiveId] = useState(initialId ?? DEFAULT_VIEW_ID);
  const [kindOverride, setKindOverride] = useState<ViewKind | null>(initialKind ?? null);
  const [q, setQ] = useState('');
  // A drill-down from a chart opens the list with its group's filter as the toolbar's filter (`?filter=`).
  const [adhoc, setAdhoc] = useState<FilterGroup | undefined>(initialFilter);
  const active = views.find((v) => v.id === activeId) ?? views[0]!;
  const kind = kindOverride ?? active.kind;
  const config: ViewConfig | null = kind === active.kind ? active.config : autoConfig(kind, fields, active.config);
  const filter = combineFilters(config?.filter, adhoc);

  return {
    active,
    kind,
    config,
    filter,
    q,
    adhoc,
    /** Search is for list-like kinds: its answer is ranked matches, not a board's columns or a time window. */
    searchable: kind === 'list' || kind === 'cascade',
    select(id: string) {
      setActiveId(id);
      setKindOverride(null);
    },
    setKind(next: ViewKind) {
      setKindOverride(next === active.kind ? null : next);
    },
    setSearch: setQ,
    setAdhoc,
  };
}
