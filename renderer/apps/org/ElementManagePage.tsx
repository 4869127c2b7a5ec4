import { Alert, Card, Grid, Link, Spin, Statistic } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENTS_SUMMARY_PATH, type ElementsSummary } from '../../../shared/org/member-fields.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { elementsRoundAtom, routePath } from './member-fields-api.ts';

interface Element {
  key: string;
  count?: keyof ElementsSummary;
  route: string;
  params?: Record<string, string>;
}

/**
 * The organisation's elements in the order an administrator sets a space up: structure first, then what is kept on
 * and shown of members. Departments, posts and role groups open their console pages; the rest `element/setting`.
 */
const ELEMENTS: Element[] = [
  { key: 'departments', count: 'departments', route: 'org.consoleOrgManage' },
  { key: 'posts', count: 'posts', route: 'org.consolePostManage' },
  { key: 'roleGroups', count: 'roleGroups', route: 'org.consoleRoleGroup' },
  { key: 'extension', count: 'memberFields', route: 'org.elementSetting', params: { page: 'extension' } },
  { key: 'member', count: 'selfEditFields', route: 'org.elementSetting', params: { page: 'member' } },
  { key: 'contacts', route: 'org.elementSetting', params: { page: 'contacts' } },
];

/**
 * `console/elementManage` (spec §2.6; decision 0048): the console's hub of the organisation elements of §2.6
 * (element/orgManage, postManage, roleGroup, setting/{page}), each a card with its live count and a link to the
 * page that keeps it. Counts reload when the fields or the self-edit setting change (the hub stays mounted).
 */
export function ElementManagePage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const round = useAtomValue(elementsRoundAtom);
  const [summary, setSummary] = useState<ElementsSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<ElementsSummary>(ELEMENTS_SUMMARY_PATH).then(
      (answer) => {
        setSummary(answer.data);
        setError(null);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [api, round]);
  return (
    <Card title={t('org.elements.title')} className="qp-gap" data-testid="element-manage">
      <p className="qp-muted">{t('org.elements.hint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" />}
      {!summary && !error && <Spin block loading />}
      {summary && (
        <Grid.Row gutter={[16, 16]}>
          {ELEMENTS.map((element) => (
            <Grid.Col key={element.key} xs={24} sm={12} lg={8}>
              <Card bordered title={t(`org.elements.card.${element.key}`)} data-testid={`element-card-${element.key}`}
                extra={<Link href={routePath(match, element.route, element.params)} aria-label={t('org.elements.openOf', { name: t(`org.elements.card.${element.key}`) })} data-testid={`element-open-${element.key}`}>{t('org.elements.open')}</Link>}>
                {element.count && <Statistic title={t(`org.elements.countOf.${element.key}`)} value={summary[element.count]} groupSeparator />}
                <p className="qp-muted">{t(`org.elements.about.${element.key}`)}</p>
              </Card>
            </Grid.Col>
          ))}
        </Grid.Row>
      )}
    </Card>
  );
}
