import { Alert, Button, Card, Empty, Input, Space, Spin, Typography } from '@arco-design/web-react';
import { IconDesktop } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../types.ts';
import { screenManagerPath, screenViewerPath } from './paths.ts';
import { useBoardList } from './use-board-list.ts';
import './boards.css';

/**
 * Data screens (`dataview/screen`): a card per screen the member may open; a card opens the screen in the viewer,
 * in its own window (a screen is meant for a wall display, full screen). Making and changing screens is on the
 * management page.
 */
export function ScreenPage({ match }: PageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useBoardList('screen', search);

  return (
    <Card title={<h1 className="qp-boards-title">{t('routes.dashboards.screen')}</h1>} data-testid="screen-list"
      extra={<Button href={screenManagerPath(match)} data-testid="screen-manage">{t('routes.dashboards.screenManager')}</Button>}
    >
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={t('dashboards.boards.screen.search')} onSearch={setSearch} onClear={() => setSearch('')} style={{ width: 280 }} aria-label={t('dashboards.boards.screen.search')} data-testid="screen-list-search" />
        {list.error && <Alert type="error" content={list.error} data-testid="screen-list-error" />}
        {list.items === null ? (
          <Spin block />
        ) : list.items.length === 0 ? (
          <Empty description={t(search.trim() ? 'dashboards.boards.list.noMatch' : 'dashboards.boards.screen.empty')} data-testid="screen-list-empty" />
        ) : (
          <ul className="qp-screen-cards">
            {list.items.map((screen) => (
              <li key={screen.id}>
                <a className="qp-screen-card" href={screenViewerPath(match, screen.id)} data-testid={`screen-card-${screen.id}`}>
                  <span className="qp-screen-card-cover" aria-hidden><IconDesktop /></span>
                  <span className="qp-screen-card-name">{screen.name}</span>
                  <Typography.Text type="secondary" className="qp-screen-card-description">{screen.description || t('dashboards.boards.screen.noDescription')}</Typography.Text>
                  <span className="qp-screen-card-meta">{t('dashboards.boards.screen.meta', { name: screen.createdByName, time: new Date(screen.updatedAt).toLocaleDateString() })}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {list.next && <Button long loading={list.busy} onClick={() => void list.more()}>{t('dashboards.boards.more')}</Button>}
      </Space>
    </Card>
  );
}
