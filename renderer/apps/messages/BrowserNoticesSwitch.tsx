import { Alert, Button } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserNotifications } from '../../shell/live-notices.ts';
import { useServices } from '../../shell/services.tsx';

/**
 * The one place the web asks for the browser's notification permission: from the member's click, never on load
 * (browsers ignore or penalise asking unprompted). The desktop app notifies through its tray and shows nothing here.
 */
export function BrowserNoticesSwitch() {
  const { t } = useTranslation();
  const { bridge } = useServices();
  const api = browserNotifications();
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(api?.permission ?? 'unsupported');
  if (bridge?.kind === 'desktop') return null;
  const ask = () => {
    if (!api) return;
    void api.requestPermission().then(setPermission, () => setPermission(api.permission));
  };
  const state =
    permission === 'default' ? (
      <Button type="primary" size="small" onClick={ask} data-testid="browser-notices-enable">
        {t('messages.ui.browser.enable')}
      </Button>
    ) : (
      <Alert type={permission === 'granted' ? 'success' : 'warning'} content={t(`messages.ui.browser.${permission}`)} />
    );
  return (
    <section className="qp-gap" data-testid="browser-notices" data-permission={permission} aria-label={t('messages.ui.browser.title')}>
      <h2 className="qp-msg-h1">{t('messages.ui.browser.title')}</h2>
      <p className="qp-muted">{t('messages.ui.browser.intro')}</p>
      {state}
    </section>
  );
}
