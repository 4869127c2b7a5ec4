import { Alert, Card, Empty, Input, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article, HelpIndex } from '../../../../shared/api/news.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { Paragraphs } from './Paragraphs.tsx';
import { articlePath } from './paths.ts';
import './news.css';

/**
 * `/qpaas/helpCenter` (spec §2.5): help articles by category with a search over titles and text in both languages;
 * `?id=` opens an article, so a link to one can be shared. Without an id the first article of the list opens.
 */
export function HelpCenterPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [q, setQ] = useState('');
  const [index, setIndex] = useState<HelpIndex | null>(null);
  const [article, setArticle] = useState<Article | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wanted = [match.query.id].flat()[0] ?? null;

  useEffect(() => {
    const search = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
    api.get<HelpIndex>(`/api/help${search}`).then(
      (answer) => (setIndex(answer.data), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, [api, q, i18n.language]);

  const first = index?.categories[0]?.articles[0]?.id ?? null;
  const openId = wanted && /^[0-9]{1,18}$/.test(wanted) ? wanted : first;
  useEffect(() => {
    if (!openId) return setArticle(null);
    api.get<Article>(`/api/help/${openId}`).then(
      (answer) => setArticle(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api, openId, i18n.language]);

  return (
    <Card title={<h1 className="qp-news-h1">{t('routes.portal.helpCenter')}</h1>} data-testid="help-center">
      <div className="qp-help">
        <nav className="qp-help-nav" aria-label={t('portal.help.articles')}>
          <Input.Search allowClear value={q} onChange={setQ} placeholder={t('portal.help.search')} aria-label={t('portal.help.search')} data-testid="help-search" />
          {!index && !error && <Spin block />}
          {index && index.categories.length === 0 && <Empty description={t('portal.help.noMatch')} data-testid="help-no-match" />}
          {index?.categories.map((category) => (
            <section key={category.key}>
              <h2>{t(`portal.help.category.${category.key}`)}</h2>
              <ul>
                {category.articles.map((a) => (
                  <li key={a.id}>
                    <a href={articlePath('portal.helpCenter', a.id, match)} aria-current={a.id === openId ? 'page' : undefined} data-testid={`help-${a.id}`}>
                      {a.title}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <article data-testid="help-article">
          {error && <Alert type="error" content={error} />}
          {article && (
            <>
              <h2 className="qp-news-h1">{article.title}</h2>
              <Paragraphs article={article} />
            </>
          )}
        </article>
      </div>
    </Card>
  );
}
