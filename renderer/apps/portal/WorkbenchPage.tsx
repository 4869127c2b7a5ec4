import { Card, Empty, Grid, Tag, Typography } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPath } from '../../../shared/routes/match.ts';
import type { RouteEntry } from '../../../shared/routes/types.ts';
import { allowedRoutesAtom, sessionAtom } from '../../kernel/atoms.ts';
import { greetingKey } from '../../shell/greeting.ts';
import type { PageProps } from '../types.ts';

const hasParams = (route: RouteEntry) => route.pattern.includes('{');

/**
 * The workbench (home): a greeting by time of day and the pages this user may open, grouped by micro-app.
 * Portal management (components, terminals) arrives with the portal issue and extends this page.
 */
export function WorkbenchPage({ match }: PageProps) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  const allowed = useAtomValue(allowedRoutesAtom);
  const groups = useMemo(() => {
    const visible = allowed.filter((r) => r.status === 'built' && !hasParams(r) && !r.public && r.app !== 'shell' && r.id !== 'portal.workbench');
    const byApp = new Map<string, RouteEntry[]>();
    for (const route of visible) byApp.set(route.app, [...(byApp.get(route.app) ?? []), route]);
    return [...byApp];
  }, [allowed]);
  const planned = allowed.filter((r) => r.status === 'planned').length;

  return (
    <div className="qp-workbench">
      <Typography.Title heading={4} data-testid="greeting">
        {t(greetingKey(new Date().getHours()), { name: user?.name ?? '' })}
      </Typography.Title>
      <Typography.Text type="secondary">{user?.entName}</Typography.Text>
      <Card title={t('shell.workbench.pages')} className="qp-gap">
        {groups.length === 0 && <Empty description={t('shell.workbench.empty')} />}
        {groups.map(([app, routes]) => (
          <div key={app} className="qp-gap">
            <Typography.Text bold>{t(`apps.${app}`)}</Typography.Text>
            <Grid.Row gutter={12} className="qp-tiles">
              {routes.map((route) => (
                <Grid.Col span={6} key={route.id}>
                  <a className="qp-tile" href={buildPath(route, {}, match.spaceUri ? match.spaceId : null)}>
                    {t(route.title)} <Tag color="green" size="small">{t('shell.workbench.built')}</Tag>
                  </a>
                </Grid.Col>
              ))}
            </Grid.Row>
          </div>
        ))}
        {planned > 0 && <Typography.Text type="secondary">{t('shell.workbench.plannedCount', { count: planned })}</Typography.Text>}
      </Card>
    </div>
  );
}
