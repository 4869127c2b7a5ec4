import { Card, Empty, Typography } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { canOpen } from '../../../shared/routes/access.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { greetingKey } from '../../shell/greeting.ts';
import type { PageProps } from '../types.ts';
import { MyApps } from './MyApps.tsx';
import { RecentRecords } from './RecentRecords.tsx';
import './workbench.css';

/**
 * The workbench (home), until the portal issue: a greeting, the apps this member may use (favourites, then recently
 * opened), their recently viewed and changed records, and the to-dos area, honestly empty until flows exist.
 * Pages are in the menu, not repeated here.
 */
export function WorkbenchPage({ match }: PageProps) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  // Root runs the platform and uses no space's apps: no apps card rather than a refused request.
  const centre = ROUTES.find((route) => route.id === 'appcenter.home');
  const usesApps = !!user && !!centre && canOpen(centre, { roles: user.roles });

  return (
    <div className="qp-workbench">
      <Typography.Title heading={4} data-testid="greeting">
        {t(greetingKey(new Date().getHours()), { name: user?.name ?? '' })}
      </Typography.Title>
      <Typography.Text type="secondary">{user?.entName}</Typography.Text>
      <div className="qp-workbench-grid">
        {usesApps && (
          <Card title={<h2 className="qp-workbench-heading">{t('portal.apps.title')}</h2>} className="qp-workbench-card">
            <MyApps match={match} />
          </Card>
        )}
        {usesApps && (
          <Card title={<h2 className="qp-workbench-heading">{t('portal.records.title')}</h2>} className="qp-workbench-card">
            <RecentRecords match={match} />
          </Card>
        )}
        <Card title={<h2 className="qp-workbench-heading">{t('portal.todos.title')}</h2>} className="qp-workbench-card" data-testid="workbench-todos">
          <Empty description={t('portal.todos.none')} />
        </Card>
      </div>
    </div>
  );
}
