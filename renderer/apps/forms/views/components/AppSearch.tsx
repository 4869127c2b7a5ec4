import { Empty, Input, List, Popover, Spin, Tag, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../../../shared/routes/match.ts';
import { useServices } from '../../../../shell/services.tsx';
import { routePath } from '../links.ts';

interface Hit {
  formId: string;
  formName: string;
  id: string;
  number: string | null;
  title: string | null;
}

/**
 * Search across every form of the application (GET /api/forms/apps/{appId}/search): best matches first, only
 * the first 600 (§5), each opening its record. The server keeps every form's record permissions.
 */
export function AppSearch({ match, appId }: { match: RouteMatch; appId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [capped, setCapped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function search(text: string) {
    const q = text.trim();
    if (!q) return setHits(null);
    setBusy(true);
    try {
      const answer = await api.get<{ results: Hit[]; capped: boolean }>(`/api/forms/apps/${appId}/search`, { params: { q } });
      setHits(answer.data.results);
      setCapped(answer.data.capped);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
      setHits([]);
    } finally {
      setBusy(false);
    }
  }

  const results = (
    <div className="qp-fv-app-search" data-testid="app-search-results">
      {busy && <Spin />}
      {error && <Typography.Text type="error">{error}</Typography.Text>}
      {hits && hits.length === 0 && !error && <Empty description={t('forms.views.appSearch.empty')} />}
      {hits && hits.length > 0 && (
        <List
          size="small"
          dataSource={hits}
          style={{ maxHeight: 360, overflow: 'auto' }}
          render={(hit: Hit) => (
            <List.Item key={`${hit.formId}/${hit.id}`}>
              <a href={routePath(match, 'forms.detail', { app: appId, form: hit.formId }, { id: hit.id })} data-testid={`app-search-hit-${hit.formId}-${hit.id}`}>
                <Tag size="small">{hit.formName}</Tag> {hit.title || hit.number || `#${hit.id}`}
              </a>
            </List.Item>
          )}
        />
      )}
      {capped && <Typography.Text type="secondary">{t('forms.views.appSearch.capped')}</Typography.Text>}
    </div>
  );

  return (
    // Open while there is something to show; a click elsewhere closes it (and forgets the results).
    <Popover trigger="click" position="br" content={results} popupVisible={busy || hits !== null} onVisibleChange={(visible) => !visible && setHits(null)}>
      <span data-testid="app-search">
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('forms.views.appSearch.placeholder')}
          onSearch={(value) => void search(value)}
          onClear={() => setHits(null)}
        />
      </span>
    </Popover>
  );
}
