import { Alert, Button, Empty, Popconfirm, Space, Spin, Table, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentListAnswer, AgentPerson, AgentRuleView } from '../../../../shared/workflow/agents.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { AgentRuleDialog } from './AgentRuleDialog.tsx';
import { shownState, STATE_COLORS, type DialogMode } from './agents-model.ts';
import './agents.css';

export interface AgentRulesProps {
  /** `mine`: rules where `principal` is the principal (he manages them); `toMe`: rules naming the signed-in member agent. */
  view: 'mine' | 'toMe';
  /** Whose rules `mine` shows: the member himself, or (an admin's choice) another member. */
  principal: AgentPerson;
  /** The principal is not the signed-in member: the admin's `principalId` goes with the list call. */
  forOther?: boolean;
}

function useRules(view: AgentRulesProps['view'], principalId: string | null) {
  const { api } = useServices();
  const [answer, setAnswer] = useState<AgentListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    api.get<AgentListAnswer>('/api/workflow/agents', { params: { view, principalId: principalId ?? undefined } }).then(
      (a) => live && setAnswer(a.data),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, view, principalId, round]);
  return { answer, error, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/**
 * "My agents" or "Agents to me" (spec §2.8, §4): the rules with their state, and for one's own rules new, edit,
 * re-edit, recover, batch recovery and delete. Exported for the personal settings page too.
 */
export function AgentRules({ view, principal, forOther = false }: AgentRulesProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { answer, error: loadError, reload } = useRules(view, forOther ? principal.id : null);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ mode: DialogMode; rule: AgentRuleView | null } | null>(null);
  const done = () => (setSelected([]), reload());
  const { busy, error, submit } = useSubmit(done);
  const manage = view === 'mine';
  // Arco gives the header's select-all checkbox no props and no text: it is named once drawn (axe: label).
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    wrapper.current?.querySelector('thead .arco-checkbox')?.setAttribute('aria-label', t('workflow.agents.selectAll'));
  });

  if (loadError) return <Alert type="error" content={loadError} className="qp-gap" data-testid={`agents-${view}-error`} />;
  if (!answer) return <Spin block loading className="qp-gap" />;
  const recover = (ids: string[]) => submit(() => api.post('/api/workflow/agents/recover', { ids }, { json: true }));
  const remove = (rule: AgentRuleView) => submit(() => api.delete(`/api/workflow/agents/${rule.id}`));
  const person = view === 'mine' ? 'agent' : 'principal';

  const columns = [
    { title: t(`workflow.agents.${person}`), dataIndex: person, render: (p: AgentPerson) => p.name },
    {
      title: t('workflow.agents.scope'),
      dataIndex: 'apps',
      render: (apps: AgentRuleView['apps']) => (
        <Space wrap size="mini">
          {apps.map((a) => (a.deleted ? <del key={a.id} title={t('workflow.agents.appDeleted')}>{a.name}</del> : <span key={a.id}>{a.name}</span>))}
        </Space>
      ),
    },
    { title: t('workflow.agents.perms'), dataIndex: 'perms', render: (perms: string[]) => perms.map((p) => t(`workflow.agents.perm.${p}`)).join(t('workflow.agents.listSeparator')) },
    { title: t('workflow.agents.validity'), dataIndex: 'validFrom', render: (_: string, r: AgentRuleView) => `${r.validFrom} ~ ${r.validTo}` },
    {
      title: t('workflow.agents.state'),
      dataIndex: 'state',
      render: (_: string, r: AgentRuleView) => (
        <Tag color={STATE_COLORS[shownState(r)]} data-testid="agent-state" data-state={shownState(r)}>
          {t(`workflow.agents.state.${shownState(r)}`)}
        </Tag>
      ),
    },
    ...(manage
      ? [
          {
            title: t('workflow.agents.actions'),
            dataIndex: 'id',
            render: (_: string, r: AgentRuleView) =>
              r.state === 'agenting' ? (
                <Space size="mini">
                  <Button size="mini" onClick={() => setDialog({ mode: 'edit', rule: r })} data-testid="agent-edit">{t('workflow.agents.edit')}</Button>
                  <Popconfirm title={t('workflow.agents.recoverConfirm', { name: r.agent.name })} onOk={() => recover([r.id])}>
                    <Button size="mini" status="warning" data-testid="agent-recover">{t('workflow.agents.recover')}</Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Space size="mini">
                  <Button size="mini" onClick={() => setDialog({ mode: 'reedit', rule: r })} data-testid="agent-reedit">{t('workflow.agents.reedit')}</Button>
                  <Popconfirm title={t('workflow.agents.deleteConfirm', { name: r.agent.name })} onOk={() => remove(r)}>
                    <Button size="mini" status="danger" data-testid="agent-delete">{t('workflow.agents.delete')}</Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <div ref={wrapper} data-testid={`agents-${view}`}>
      {manage && (
        <Space className="qp-gap">
          <Button type="primary" size="small" onClick={() => setDialog({ mode: 'create', rule: null })} data-testid="agent-new">{t('workflow.agents.new')}</Button>
          <Popconfirm title={t('workflow.agents.batchConfirm', { count: selected.length })} onOk={() => recover(selected)} disabled={selected.length === 0}>
            <Button size="small" disabled={selected.length === 0 || busy} data-testid="agent-batch-recover">{t('workflow.agents.batchRecover', { count: selected.length })}</Button>
          </Popconfirm>
        </Space>
      )}
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="agents-action-error" />}
      <Table
        rowKey="id"
        columns={columns}
        data={answer.rules}
        pagination={answer.rules.length > 20 ? { pageSize: 20 } : false}
        loading={busy}
        noDataElement={<Empty description={t(`workflow.agents.empty.${view}`)} />}
        rowSelection={
          manage
            ? {
                type: 'checkbox',
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                // Only a rule that works can be taken back.
                checkboxProps: (r: AgentRuleView) => ({ disabled: r.state !== 'agenting', 'aria-label': t('workflow.agents.select', { name: r.agent.name }) }),
              }
            : undefined
        }
        data-testid={`agents-${view}-table`}
      />
      {dialog && (
        <AgentRuleDialog
          mode={dialog.mode}
          rule={dialog.rule}
          principal={principal}
          today={answer.today}
          onClose={() => setDialog(null)}
          onSaved={() => (setDialog(null), done())}
        />
      )}
    </div>
  );
}
