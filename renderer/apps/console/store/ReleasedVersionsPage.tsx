import { Alert, Card, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { STORE_API, type Channel, type StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import { when } from '../../../shell/store-tags.tsx';
import { useGet } from '../../../shell/use-load.ts';

/** Released versions of one channel across the store: what spaces can install as official or as a trial. */
function ReleasedVersions({ channel }: { channel: Channel }) {
  const { t, i18n } = useTranslation();
  const versions = useGet<{ versions: StoreVersion[] }>(`${STORE_API}/review`, { state: 'approved', channel });
  const columns = [
    { title: t('appcenter.store.col.app'), dataIndex: 'appName' },
    { title: t('appcenter.store.col.space'), dataIndex: 'spaceName' },
    { title: t('appcenter.store.col.version'), dataIndex: 'label' },
    { title: t('appcenter.store.col.forms'), dataIndex: 'forms' },
    { title: t('appcenter.store.col.notes'), dataIndex: 'notes', render: (n: string) => n || '—' },
    { title: t('appcenter.store.col.reviewedAt'), dataIndex: 'reviewedAt', render: (at: string | null) => when(at, i18n.language) },
  ];
  return (
    <Card title={t(`appcenter.store.root.${channel}Title`)} data-testid={`released-${channel}`}>
      <p className="qp-muted">{t(`appcenter.store.root.${channel}Hint`)}</p>
      {versions.error && <Alert type="error" content={versions.error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={versions.data?.versions ?? []} loading={!versions.data && !versions.error} pagination={false} noDataElement={t('appcenter.store.root.noReleased')} />
    </Card>
  );
}

/** `paasConsole/officialVersionApp` (spec §2.4, root). */
export const OfficialVersionAppPage = () => <ReleasedVersions channel="official" />;
/** `paasConsole/experienceVersionApp` (spec §2.4, root): the trial ("experience") versions. */
export const ExperienceVersionAppPage = () => <ReleasedVersions channel="trial" />;
