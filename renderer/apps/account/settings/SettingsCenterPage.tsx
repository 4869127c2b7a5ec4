import { Card, Tabs } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { sessionAtom } from '../../../kernel/atoms.ts';
import { SubscriptionMatrix } from '../../messages/SubscriptionMatrix.tsx';
import type { PageProps } from '../../types.ts';
import { AgentRules } from '../../workflow/agents/AgentRules.tsx';
import { HostingSettings } from '../../workflow/agents/HostingSettings.tsx';
import { DeveloperTab } from '../developer/DeveloperTab.tsx';
import { SecurityTab } from '../security/SecurityTab.tsx';
import { MyGroupsTab } from './MyGroupsTab.tsx';
import { MyInfoTab } from './MyInfoTab.tsx';
import { SETTINGS_TABS, settingsTab, type SettingsTab } from './tabs.ts';
import './settings.css';

/**
 * `/setting/center` and `/home/user` (spec §2.5, §2.8): the personal settings, one tab each — my info, account
 * security, user groups, account hosting, to-do push subscription, developer authorisation, application agent. The
 * tab is in the address (`?tab=`), so a portal's "personal setting" link, a message or a bookmark opens the right one.
 * The tabs other apps own (hosting and agents: workflow; subscriptions: messages) are their exported components.
 */
export function SettingsCenterPage({ match }: PageProps) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const tab = settingsTab(match.query.tab);
  if (!user) return null;
  const me = { id: user.id, name: user.name };
  const choose = (key: string) => navigate(`${location.pathname}?tab=${encodeURIComponent(key)}`, { replace: true });
  const bodies: Record<SettingsTab, () => ReactNode> = {
    info: () => <MyInfoTab />,
    security: () => <SecurityTab />,
    groups: () => <MyGroupsTab />,
    hosting: () => <HostingSettings user={me} />,
    subscription: () => <SubscriptionMatrix categories={['todo']} caption={t('account.settings.tab.subscription')} />,
    developer: () => <DeveloperTab />,
    agent: () => (
      <>
        <h2 className="qp-settings-h2">{t('account.settings.myAgents')}</h2>
        <AgentRules view="mine" principal={me} />
        <h2 className="qp-settings-h2">{t('account.settings.agentsToMe')}</h2>
        <AgentRules view="toMe" principal={me} />
      </>
    ),
  };
  return (
    <Card title={<h1 className="qp-settings-h1">{t('routes.account.settings')}</h1>} data-testid="settings-center">
      {/* Only the open tab is drawn: each tab loads its own data when opened, not all seven at once. */}
      <Tabs activeTab={tab} onChange={choose} tabPosition="left" lazyload destroyOnHide>
        {SETTINGS_TABS.map((key) => (
          <Tabs.TabPane key={key} title={<span data-testid={`settings-tab-${key}`}>{t(`account.settings.tab.${key}`)}</span>}>
            {tab === key && bodies[key]()}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </Card>
  );
}
