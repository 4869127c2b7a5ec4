import { Button, Message, Result, Space } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';

const POLL_MS = 30_000;

/** Spec §2.1 maintenance page: shows the operator's message and returns by itself once the platform is back. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const { api, hardNavigate } = useServices();
  const [message, setMessage] = useState<string | null>(null);

  const check = useCallback(async () => {
    try {
      const answer = await api.get<{ maintenance: boolean; message: string | null }>('/sapi/appstore/app/status');
      if (!answer.data.maintenance) hardNavigate('/');
      else setMessage(answer.data.message);
    } catch {
      // Still unreachable: keep waiting.
    }
  }, [api, hardNavigate]);

  async function endMaintenance() {
    try {
      await api.post('/api/console/operator/maintenance/off', {}, { json: true });
      hardNavigate('/');
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => clearInterval(timer);
  }, [check]);

  return (
    <Result
      status="warning"
      title={t('shell.maintenance.title')}
      subTitle={message || t('shell.maintenance.text')}
      extra={
        <Space direction="vertical">
          <Button onClick={() => void check()}>{t('shell.maintenance.retry')}</Button>
          {/* The operator ends maintenance from here (decision 0079): a guest is sent to sign in first, others are refused. */}
          <Button type="text" size="mini" onClick={() => void endMaintenance()} data-testid="maintenance-end">{t('consoleOperator.maintenance.operatorEnd')}</Button>
        </Space>
      }
      data-testid="maintenance-page"
    />
  );
}
