import { Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { MyApps } from './MyApps.tsx';
import { RecentRecords } from './RecentRecords.tsx';
import { TodoSummary } from './TodoSummary.tsx';
import './workbench.css';

/**
 * The built-in workbench, shown when the member may see no portal of the terminal: the apps this member may use
 * (favourites, then recently opened), their recently viewed and changed records, and their to-dos, unread CCs and drafts.
 */
export function BuiltInWorkbench({ match, usesApps }: { match: RouteMatch; usesApps: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="qp-workbench-grid" data-testid="workbench-builtin">
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
      {usesApps && (
        <Card title={<h2 className="qp-workbench-heading">{t('portal.todos.title')}</h2>} className="qp-workbench-card" data-testid="workbench-todos">
          <TodoSummary match={match} />
        </Card>
      )}
    </div>
  );
}
