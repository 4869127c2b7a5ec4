import { Card, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../types.ts';
import { DefaultSubscriptions } from './DefaultSubscriptions.tsx';
import { DeliveryFailures } from './DeliveryFailures.tsx';
import './messages.css';

/**
 * system/push (spec §2.6, decision 0049): the administrator's push settings — the space's default
 * subscriptions, and the deliveries that failed. Each tab loads when first opened (lazyload), so opening the page
 * does not list failures nobody asked to see.
 */
export function SystemPushPage(_: PageProps) {
  const { t } = useTranslation();
  return (
    <Card title={<h1 className="qp-msg-h1">{t('routes.messages.systemPush')}</h1>} data-testid="system-push">
      <Tabs defaultActiveTab="defaults" lazyload>
        <Tabs.TabPane key="defaults" title={<span data-testid="push-tab-defaults">{t('messages.ui.push.defaultsTab')}</span>}>
          <DefaultSubscriptions />
        </Tabs.TabPane>
        <Tabs.TabPane key="failures" title={<span data-testid="push-tab-failures">{t('messages.ui.push.failuresTab')}</span>}>
          <DeliveryFailures />
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
