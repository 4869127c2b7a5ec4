import { Alert, Card, Grid, Link, Spin, Statistic } from '@arco-design/web-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';

interface Overview {
  space: { id: string; name: string };
  members: { total: number; active: number; invited: number; disabled: number; joinedRecently: number; signedInRecently: number };
  structure: { departments: number; posts: number; roleGroups: number; roles: number; userGroups: number };
  usage: Record<string, number>;
}

/** Bytes as a person reads them (KB, MB, GB), in the page's language. */
function size(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) (value /= 1024), (unit += 1);
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/**
 * enterpriseoverview, companyinfo and companyinfo/systemDetails (spec §2.6): members by state with the new and the
 * active of the last 30 days (each a link to the list behind it), the structure, and what the apps use.
 */
export function EnterpriseOverviewPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get('/api/org/overview').then((answer) => setData(answer.data as Overview), (failure: Error) => setError(failure.message));
  }, [api]);
  if (error) return <Alert type="error" content={error} className="qp-gap" />;
  if (!data) return <Spin block loading className="qp-gap" />;
  // Links into the member lists behind the figures, in the space this page is looking at.
  const link = (routeId: string, text: string) => <Link href={buildPath(ROUTES.find((r) => r.id === routeId)!, {}, match.spaceUri ? match.spaceId : null)}>{text}</Link>;
  const stat = (title: string, value: number | string, extra?: ReactNode, testId?: string) => (
    <Grid.Col span={6} key={title}>
      <Card bordered data-testid={testId}>
        <Statistic title={title} value={value} groupSeparator />
        {extra}
      </Card>
    </Grid.Col>
  );
  const { members, structure, usage } = data;
  return (
    <div className="qp-gap" data-testid="enterprise-overview">
      <Card title={`${t('org.overview.title')} · ${data.space.name}`}>
        <Grid.Row gutter={[16, 16]}>
          {stat(t('org.overview.members'), members.total, t('org.overview.membersDetail', { active: members.active, invited: members.invited, disabled: members.disabled }), 'overview-members')}
          {stat(t('org.overview.joined'), members.joinedRecently, link('org.companyNewUser', t('org.overview.view')), 'overview-joined')}
          {stat(t('org.overview.signedIn'), members.signedInRecently, link('org.companyActiveUser', t('org.overview.view')), 'overview-active')}
          {stat(t('org.overview.departments'), structure.departments, t('org.overview.structureDetail', { posts: structure.posts, roles: structure.roles, groups: structure.userGroups }))}
          {stat(t('org.overview.apps'), usage['appcenter.apps'] ?? 0, t('org.overview.forms', { n: usage['forms.forms'] ?? 0 }), 'overview-apps')}
          {stat(t('org.overview.records'), usage['forms.records'] ?? 0, undefined, 'overview-records')}
          {stat(t('org.overview.files'), usage['forms.files'] ?? 0)}
          {stat(t('org.overview.storage'), size(usage['forms.storageBytes'] ?? 0, i18n.language), undefined, 'overview-storage')}
        </Grid.Row>
      </Card>
    </div>
  );
}
