import { Empty, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentRecord } from '../../../shared/api/workbench.ts';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { useServices } from '../../shell/services.tsx';
import { pathTo } from '../../shell/paths.ts';

interface Recent {
  viewed: RecentRecord[];
  changed: RecentRecord[];
}

function RecordList({ match, records, empty, testId }: { match: RouteMatch; records: RecentRecord[]; empty: string; testId: string }) {
  const { t } = useTranslation();
  if (records.length === 0) return <Empty description={empty} />;
  return (
    <ul className="qp-workbench-records" data-testid={testId}>
      {records.map((r) => (
        <li key={`${r.formId}/${r.recordId}`}>
          <a href={pathTo(match, 'forms.detail', { app: r.appId, form: r.formId }, { id: r.recordId })} data-testid={`${testId}-${r.formId}-${r.recordId}`}>
            {r.title ?? r.number ?? t('portal.records.untitled', { id: r.recordId })}
          </a>
          <span className="qp-workbench-record-where">
            {r.appName} · {r.formName} · {new Date(r.at).toLocaleString()}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The member's recently viewed and recently changed records (server: /api/appcenter/recent-records). */
export function RecentRecords({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [recent, setRecent] = useState<Recent | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.get<Recent>('/api/appcenter/recent-records').then(
      (answer) => setRecent(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  if (error) return <p className="qp-workbench-error" role="alert">{error}</p>;
  if (!recent) return <Spin />;
  // Two plain sections, not Arco's Tabs: its tab buttons miss their tablist role (axe: aria-required-parent).
  return (
    <div className="qp-workbench-recent">
      <section aria-labelledby="recent-viewed-heading">
        <h3 id="recent-viewed-heading" className="qp-workbench-subheading">{t('portal.records.viewed')}</h3>
        <RecordList match={match} records={recent.viewed} empty={t('portal.records.noneViewed')} testId="recent-viewed" />
      </section>
      <section aria-labelledby="recent-changed-heading">
        <h3 id="recent-changed-heading" className="qp-workbench-subheading">{t('portal.records.changed')}</h3>
        <RecordList match={match} records={recent.changed} empty={t('portal.records.noneChanged')} testId="recent-changed" />
      </section>
    </div>
  );
}
