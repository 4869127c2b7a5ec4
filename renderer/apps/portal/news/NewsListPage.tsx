import { Alert, Button, Card, Empty, Spin, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary, NewsPage } from '../../../../shared/api/news.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { articlePath } from './paths.ts';
import './news.css';

/** `/news/list` (spec §2.5, public): the platform's announcements, pinned first then newest, a page at a time. */
export function NewsListPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [items, setItems] = useState<ArticleSummary[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (cursor: string | null) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await api.get<NewsPage>(`/api/news${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
        setItems((before) => [...(cursor ? (before ?? []) : []), ...answer.data.items]);
        setNext(answer.data.next);
      } catch (failure) {
        setError((failure as Error).message);
      } finally {
        setBusy(false);
      }
    },
    [api],
  );
  // The language is part of the answer: a switch reloads the list in the new language.
  useEffect(() => void load(null), [load, i18n.language]);

  return (
    <Card title={<h1 className="qp-news-h1">{t('routes.portal.newsList')}</h1>} className="qp-news" data-testid="news-list">
      {error && <Alert type="error" content={error} className="qp-gap" />}
      {!items && !error && <Spin block />}
      {items && items.length === 0 && <Empty description={t('portal.news.none')} />}
      {items && items.length > 0 && (
        <ul className="qp-news-items">
          {items.map((item) => (
            <li key={item.id}>
              <a href={articlePath('portal.newsShow', item.id, match)} data-testid={`news-${item.id}`} className="qp-news-title">
                {item.title}
              </a>
              {item.pinned && <Tag color="arcoblue" size="small">{t('portal.news.pinned')}</Tag>}
              <time dateTime={item.publishedAt} className="qp-news-date">{new Date(item.publishedAt).toLocaleDateString(i18n.language)}</time>
              {item.summary && <p className="qp-news-summary">{item.summary}</p>}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <Button long loading={busy} onClick={() => void load(next)} data-testid="news-more">
          {t('portal.news.more')}
        </Button>
      )}
    </Card>
  );
}
