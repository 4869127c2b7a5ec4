import { Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { PageProps } from '../types.ts';
import { BrowserNoticesSwitch } from './BrowserNoticesSwitch.tsx';
import { SubscriptionMatrix } from './SubscriptionMatrix.tsx';

/** user/subscribeManage (spec §2.7): which messages reach the member, and through which channels. */
export function SubscribeManagePage({ match }: PageProps) {
  const { t } = useTranslation();
  const center = ROUTES.find((r) => r.id === 'messages.center')!;
  return (
    <Card
      title={<h1 className="qp-msg-h1">{t('routes.messages.subscriptions')}</h1>}
      extra={
        <a href={buildPath(center, {}, match.spaceUri ? match.spaceId : null)} data-testid="subscriptions-center-link">
          {t('routes.messages.center')}
        </a>
      }
      data-testid="subscribe-manage"
    >
      <p className="qp-muted">{t('messages.ui.subs.intro')}</p>
      <SubscriptionMatrix />
      <BrowserNoticesSwitch />
    </Card>
  );
}
