import { Card, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { GrantRequests } from './GrantRequests.tsx';
import { SecurityPolicyPanel } from './SecurityPolicyPanel.tsx';

/**
 * securityaudit/management (spec §2.6, the security reviewer's page): the space's security policy, and the grants
 * that wait for the reviewer's decision (three-role separation).
 */
export function SecurityAuditPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('org.security.title')} data-testid="security-audit">
      <Tabs defaultActiveTab="grants" lazyload>
        <Tabs.TabPane key="grants" title={t('org.grants.tab')}><GrantRequests /></Tabs.TabPane>
        <Tabs.TabPane key="policy" title={t('org.security.policy')}><SecurityPolicyPanel /></Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
