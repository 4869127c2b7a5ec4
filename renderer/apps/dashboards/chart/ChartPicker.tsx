import { Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSummary, Page } from '../../../../shared/api/dashboards.ts';
import { DASHBOARDS_API } from '../../../../shared/api/dashboards.ts';
import { useServices } from '../../../shell/services.tsx';

/**
 * Choose one chart the member may view (GET /api/dashboards/charts, searched as he types). The chosen one keeps its
 * name even when a search no longer lists it; a chart that is gone shows as its id so it can be replaced.
 */
export function ChartPicker({ value, onChange, testId = 'chart-picker' }: { value: string | null; onChange(chartId: string | null): void; testId?: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<ChartSummary[]>([]);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const q = search.trim() ? `?q=${encodeURIComponent(search.trim())}` : '';
      api.get<Page<ChartSummary>>(`${DASHBOARDS_API}/charts${q}`).then(
        (answer) => live && (setItems(answer.data?.items ?? []), setError(null)),
        (failure: Error) => live && setError(failure.message),
      );
    }, search ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, search]);

  useEffect(() => {
    if (!value || chosen?.id === value || items.some((c) => c.id === value)) return;
    let live = true;
    api.get<{ id: string; name: string }>(`${DASHBOARDS_API}/charts/${encodeURIComponent(value)}`).then(
      (answer) => live && setChosen({ id: value, name: answer.data.name }),
      () => live && setChosen({ id: value, name: `#${value}` }),
    );
    return () => {
      live = false;
    };
  }, [api, value, chosen, items]);

  const options = items.map((c) => ({ value: c.id, label: `${c.name}${c.formName ? ` · ${c.formName}` : ''}` }));
  if (value && !items.some((c) => c.id === value)) options.unshift({ value, label: chosen?.id === value ? chosen.name : `#${value}` });
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      placeholder={error ?? t('dashboards.chartUi.picker.placeholder')}
      notFoundContent={t('dashboards.chartUi.picker.none')}
      options={options}
      onSearch={setSearch}
      onChange={(next: string | undefined) => onChange(next || null)}
      aria-label={t('dashboards.chartUi.picker.label')}
      data-testid={testId}
    />
  );
}
