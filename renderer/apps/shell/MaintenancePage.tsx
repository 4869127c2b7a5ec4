import { Button, Result } from '@arco-design/web-react';
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
      extra={<Button onClick={() => void check()}>{t('shell.maintenance.retry')}</Button>}
      data-testid="maintenance-page"
    />
  );
}
