import { Card, Tabs } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { sessionAtom } from '../../../kernel/atoms.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import type { PageProps } from '../../types.ts';
import { AgentRules } from './AgentRules.tsx';
import { HostingSettings } from './HostingSettings.tsx';
import './agents.css';

type Tab = 'mine' | 'toMe' | 'hosting';

/**
 * appconfig/appagent (spec §2.8, §3, §4; decision 0055): my agents, agents to me and account hosting. An admin may
 * pick another member and manage that member's agents and hosting (a departed member's work, say).
 */
export function AppAgentPage(_props: PageProps) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  const [tab, setTab] = useState<Tab>('mine');
  const [other, setOther] = useState<PickedItem[]>([]);
  if (!user) return null;
  const me = { id: user.id, name: user.name };
  const chosen = other[0] && other[0].id !== me.id ? { id: other[0].id, name: other[0].name } : null;
  const principal = chosen ?? me;
  const tabTitle = (key: Tab) => <span data-testid={`agents-tab-${key}`}>{t(`workflow.agents.tab.${key}`)}</span>;
  return (
    <Card title={<h1 className="qp-agents-h1">{t('routes.workflow.appAgent')}</h1>} data-testid="app-agent">
      {user.roles.includes('admin') && tab !== 'toMe' && (
        <div className="qp-agents-for" data-testid="agents-for">
          <span>{t('workflow.agents.manageFor')}</span>
          <OrgPicker kinds={['member']} value={other} onChange={setOther} placeholder={t('workflow.agents.manageForPick')} testId="agents-for-picker" />
          {!chosen && <span className="qp-muted">{t('workflow.agents.manageForSelf')}</span>}
        </div>
      )}
      <Tabs activeTab={tab} onChange={(key) => setTab(key as Tab)}>
        <Tabs.TabPane key="mine" title={tabTitle('mine')}>
          <AgentRules key={principal.id} view="mine" principal={principal} forOther={!!chosen} />
        </Tabs.TabPane>
        <Tabs.TabPane key="toMe" title={tabTitle('toMe')}>
          <AgentRules view="toMe" principal={me} />
        </Tabs.TabPane>
        <Tabs.TabPane key="hosting" title={tabTitle('hosting')}>
          <HostingSettings key={principal.id} user={principal} forOther={!!chosen} />
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
