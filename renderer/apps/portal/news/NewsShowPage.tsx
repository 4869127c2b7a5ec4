import { Card, Empty, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '../../../../shared/api/news.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { Paragraphs } from './Paragraphs.tsx';
import { articlePath } from './paths.ts';
import './news.css';

/** `/news/show?id=` (spec §2.5, public): one announcement; an unknown or missing id says so and leads back. */
export function NewsShowPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const id = [match.query.id].flat()[0] ?? '';
  const valid = /^[0-9]{1,18}$/.test(id);
  const [article, setArticle] = useState<Article | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!valid) return;
    setArticle(null);
    setError(null);
    api.get<Article>(`/api/news/${id}`).then(
      (answer) => setArticle(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api, id, valid, i18n.language]);

  const back = (
    <a href={articlePath('portal.newsList', null, match)} data-testid="news-back">
      {t('portal.news.back')}
    </a>
  );
  if (!valid || error) {
    return (
      <Card className="qp-news" extra={back}>
        <Empty description={valid ? error : t('portal.news.missing')} data-testid="news-missing" />
      </Card>
    );
  }
  if (!article) return <Spin block />;
  return (
    <Card className="qp-news" extra={back} data-testid="news-show">
      <h1 className="qp-news-h1">{article.title}</h1>
      <time dateTime={article.publishedAt} className="qp-news-date">{new Date(article.publishedAt).toLocaleString(i18n.language)}</time>
      <Paragraphs article={article} />
    </Card>
  );
}
