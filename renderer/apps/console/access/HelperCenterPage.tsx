import { Alert, Button, Card, Radio, Switch, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ManagedArticle } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError, accessPath, when } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

type Kind = ManagedArticle['kind'];

/**
 * `/sysop/helperCenter` (decision 0084): every help article and announcement, hidden ones too, in both languages;
 * hide or show and pin or unpin in place, open one to edit it on `/sysop/helperDetail`.
 */
export function HelperCenterPage(_: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('help');
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ articles: ManagedArticle[] }>(`${ACCESS_API}/articles`, { params: { kind } })).data.articles, [kind]);
  const [actionError, setActionError] = useState<string | null>(null);
  const en = i18n.language === 'en';

  /** Hide/show and pin/unpin save the whole article as it is, with the one switch changed. */
  const toggle = async (article: ManagedArticle, change: Partial<Pick<ManagedArticle, 'hidden' | 'pinned'>>) => {
    setActionError(null);
    const { id, rich: _rich, publishedAt: _at, ...input } = article;
    try {
      await api.put(`${ACCESS_API}/articles/${id}`, { ...input, ...change }, { json: true });
      await reload();
    } catch (failure) {
      setActionError((failure as Error).message);
    }
  };

  return (
    <Card title={t('routes.console.helperCenter')} data-testid="helper-center">
      <p className="qp-muted">{t('consoleAccess.article.hint')}</p>
      <div className="qp-gap">
        <Radio.Group type="button" value={kind} onChange={setKind}>
          <Radio value="help" data-testid="articles-help">{t('consoleAccess.article.kind.help')}</Radio>
          <Radio value="news" data-testid="articles-news">{t('consoleAccess.article.kind.news')}</Radio>
        </Radio.Group>{' '}
        <Button type="primary" onClick={() => navigate(accessPath('helperDetail', { kind }))} data-testid="article-add">{t('consoleAccess.article.add')}</Button>
      </div>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {actionError && <Alert type="error" className="qp-gap" content={actionError} closable onClose={() => setActionError(null)} />}
      <Table rowKey="id" data={data ?? []} loading={loading && !data} pagination={{ pageSize: 20 }} noDataElement={t('consoleAccess.article.empty')} data-testid="article-table"
        columns={[
          { title: t('consoleAccess.article.title'), dataIndex: 'titleZh', render: (zh: string, a: ManagedArticle) => (en ? a.titleEn : zh) },
          ...(kind === 'help' ? [{ title: t('consoleAccess.article.category'), dataIndex: 'category', render: (c: string | null) => (c ? t(`consoleAccess.article.category.${c}`) : '—') }] : []),
          { title: t('consoleAccess.article.published'), dataIndex: 'publishedAt', render: when },
          { title: t('consoleAccess.article.pinned'), dataIndex: 'pinned', render: (pinned: boolean, a: ManagedArticle) => <Switch size="small" checked={pinned} onChange={(value) => void toggle(a, { pinned: value })} aria-label={t('consoleAccess.article.pinned')} /> },
          {
            title: t('consoleAccess.article.visible'), dataIndex: 'hidden',
            render: (hidden: boolean, a: ManagedArticle) => (
              <span><Switch size="small" checked={!hidden} onChange={(value) => void toggle(a, { hidden: !value })} aria-label={t('consoleAccess.article.visible')} /> {hidden && <Tag>{t('consoleAccess.article.hidden')}</Tag>}</span>
            ),
          },
          { title: t('consoleAccess.ui.actions'), dataIndex: 'id', width: 100, render: (id: string) => <Button size="mini" onClick={() => navigate(accessPath('helperDetail', { id }))} data-testid={`article-edit-${id}`}>{t('consoleAccess.ui.edit')}</Button> },
        ]} />
    </Card>
  );
}
