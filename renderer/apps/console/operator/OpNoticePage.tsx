import { Card, Divider } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OperatorNotice } from '../../../../shared/api/console-operator.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { NoticeForm } from './NoticeForm.tsx';
import { NoticeTable } from './NoticeTable.tsx';
import { useLoad } from '../../../shell/use-load.ts';

/** `/root/opNotice`: scheduled announcements to every space or chosen ones, shown as a banner and sent as messages. */
export function OpNoticePage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(
    async () => (await api.get<{ notices: OperatorNotice[] }>('/api/console/operator/notices', { params: { kind: 'announcement' } })).data.notices,
    [api],
  );
  return (
    <Card title={t('consoleOperator.notices.title')} data-testid="operator-notices">
      <p className="qp-muted">{t('consoleOperator.notices.hint')}</p>
      <Divider orientation="left">{t('consoleOperator.notices.new')}</Divider>
      <NoticeForm kind="announcement" onCreated={reload} />
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      <NoticeTable kind="announcement" notices={data ?? []} loading={loading} onChanged={reload} />
    </Card>
  );
}
