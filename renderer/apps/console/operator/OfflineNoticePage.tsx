import { Button, Card, Descriptions, Divider, Message, Popconfirm, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OperatorNotice } from '../../../../shared/api/console-operator.ts';
import { useRemainingText, useServerNow } from '../../../shell/header/PlatformBanner.tsx';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { NoticeForm } from './NoticeForm.tsx';
import { NoticeTable } from './NoticeTable.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface Answer {
  notices: OperatorNotice[];
  maintenance: { on: boolean; message: string | null };
  serverTime: string;
}

/**
 * `/root/offlineNotice`: a planned maintenance counts down, then switches the platform to maintenance by itself;
 * root cancels a plan before its time and ends a maintenance that is on (decision 0079).
 */
export function OfflineNoticePage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<Answer>('/api/console/operator/notices', { params: { kind: 'maintenance' } })).data, [api]);
  const planned = data?.notices.some((n) => n.state === 'scheduled') ?? false;
  const now = useServerNow(data?.serverTime, planned);
  const remainingText = useRemainingText();

  async function turnOff() {
    try {
      await api.post('/api/console/operator/maintenance/off', {}, { json: true });
      Message.success(t('consoleOperator.offline.turnedOff'));
      await reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const on = data?.maintenance.on ?? false;
  return (
    <Card title={t('consoleOperator.offline.title')} data-testid="operator-offline">
      <p className="qp-muted">{t('consoleOperator.offline.hint')}</p>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      <Descriptions
        column={1}
        data={[
          {
            label: t('consoleOperator.offline.now'),
            value: (
              <>
                <Tag color={on ? 'red' : 'green'} data-testid="maintenance-state">{t(on ? 'consoleOperator.offline.on' : 'consoleOperator.offline.off')}</Tag>
                {on && (
                  <Popconfirm title={t('consoleOperator.offline.turnOff')} onOk={turnOff} okText={t('consoleOperator.confirm')} cancelText={t('consoleOperator.cancel')}>
                    <Button size="mini" status="danger" style={{ marginLeft: 8 }} data-testid="maintenance-off">{t('consoleOperator.offline.turnOff')}</Button>
                  </Popconfirm>
                )}
              </>
            ),
          },
        ]}
      />
      <Divider orientation="left">{t('consoleOperator.offline.new')}</Divider>
      <NoticeForm kind="maintenance" onCreated={reload} />
      <NoticeTable
        kind="maintenance"
        notices={data?.notices ?? []}
        loading={loading}
        onChanged={reload}
        extra={{
          title: t('consoleOperator.offline.now'),
          render: (n) => (n.state === 'scheduled' ? <span data-testid="plan-countdown">{t('consoleOperator.offline.remaining', { time: remainingText(Date.parse(n.startsAt) - now) })}</span> : null),
        }}
      />
    </Card>
  );
}
