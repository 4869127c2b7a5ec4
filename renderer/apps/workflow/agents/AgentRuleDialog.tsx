import { Alert, Checkbox, Form, Input, Modal, Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_LIMITS, type AgentField, type AgentPerson, type AgentRuleView } from '../../../../shared/workflow/agents.ts';
import { AGENT_PERMS, type AgentPerm } from '../../../../shared/workflow/model.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { createBody, draftFor, draftProblem, updateBody, type DialogMode, type RuleDraft } from './agents-model.ts';

interface Props {
  mode: DialogMode;
  /** The rule edited or re-edited; null for a new one. */
  rule: AgentRuleView | null;
  /** Whose rule it is: the member himself, or the member an admin manages. */
  principal: AgentPerson;
  today: string;
  onClose(): void;
  onSaved(): void;
}

interface AppOption {
  id: string;
  name: string;
}

/** The apps the member may choose: the application centre's, plus (on edit) those already in the rule's scope. */
function useApps(rule: AgentRuleView | null) {
  const { api } = useServices();
  const [apps, setApps] = useState<AppOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ apps: AppOption[] }>('/api/appcenter/apps').then(
      (answer) => live && setApps(answer.data.apps.map((a) => ({ id: String(a.id), name: a.name }))),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api]);
  const extra = (rule?.apps ?? []).filter((a) => !apps?.some((o) => o.id === a.id));
  return { apps: apps ? [...apps, ...extra.map((a) => ({ id: a.id, name: a.name }))] : null, error };
}

/**
 * New agent, edit and re-edit (spec §3 Agent, §5): agent, validity, scope and at least one permission, checked here
 * with the server's own rules before sending; the server's refusal (an overlapping rule, say) shows in the dialog.
 */
export function AgentRuleDialog({ mode, rule, principal, today, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState<RuleDraft>(() => draftFor(mode, rule, today));
  const [field, setField] = useState<AgentField | null>(null);
  const { apps, error: appsError } = useApps(mode === 'edit' ? rule : null);
  const { busy, error, setError, submit } = useSubmit(() => onSaved());
  const set = (change: Partial<RuleDraft>) => setDraft((old) => ({ ...old, ...change }));
  // A rule in force keeps its start date (the server refuses a change too).
  const startFixed = mode === 'edit' && !!rule && !rule.notYetInForce;

  const save = () => {
    const problem = draftProblem(draft, principal, today);
    setField(problem?.field ?? null);
    if (problem) return setError(t(problem.key, problem.params));
    void submit(() =>
      mode === 'edit' && rule
        ? api.put(`/api/workflow/agents/${rule.id}`, updateBody(draft, rule), { json: true })
        : api.post('/api/workflow/agents', createBody(draft, principal), { json: true }),
    );
  };
  const status = (name: AgentField) => (field === name ? ('error' as const) : undefined);

  return (
    <Modal
      visible
      title={t(`workflow.agents.dialog.${mode}`)}
      onOk={save}
      onCancel={onClose}
      okText={t('workflow.agents.dialog.save')}
      cancelText={t('workflow.agents.dialog.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'agent-save' } as object}
      style={{ width: 620, maxWidth: '96vw' }}
      unmountOnExit
    >
      <Form layout="vertical" data-testid="agent-dialog">
        <Form.Item label={t('workflow.agents.principal')}>
          <span data-testid="agent-principal">{principal.name}</span>
        </Form.Item>
        <Form.Item label={t('workflow.agents.agent')} required validateStatus={status('agent')}>
          {mode === 'edit' ? (
            <span data-testid="agent-fixed">{rule?.agent.name}</span>
          ) : (
            <OrgPicker kinds={['member']} value={draft.agent} onChange={(agent) => set({ agent })} placeholder={t('workflow.agents.pickAgent')} testId="agent-picker" />
          )}
        </Form.Item>
        <Form.Item label={t('workflow.agents.validity')} required validateStatus={status('validFrom') ?? status('validTo')}>
          <div className="qp-agents-dates">
            <Input type="date" value={draft.validFrom} disabled={startFixed} onChange={(validFrom) => set({ validFrom })} aria-label={t('workflow.agents.validFrom')} data-testid="agent-valid-from" />
            <span aria-hidden>~</span>
            <Input type="date" value={draft.validTo} min={draft.validFrom || undefined} onChange={(validTo) => set({ validTo })} aria-label={t('workflow.agents.validTo')} data-testid="agent-valid-to" />
          </div>
        </Form.Item>
        <Form.Item label={t('workflow.agents.scope')} required validateStatus={status('apps')}>
          {appsError ? (
            <Alert type="error" content={appsError} />
          ) : (
            <Select
              mode="multiple"
              loading={!apps}
              value={draft.apps}
              onChange={(value: string[]) => set({ apps: value })}
              options={(apps ?? []).map((a) => ({ value: a.id, label: a.name }))}
              placeholder={t('workflow.agents.pickApps')}
              aria-label={t('workflow.agents.scope')}
              notFoundContent={t('workflow.agents.noApps')}
              data-testid="agent-apps"
            />
          )}
        </Form.Item>
        <Form.Item label={t('workflow.agents.perms')} required validateStatus={status('perms')}>
          <Checkbox.Group value={draft.perms} onChange={(perms: AgentPerm[]) => set({ perms: AGENT_PERMS.filter((p) => perms.includes(p)) })} aria-label={t('workflow.agents.perms')} data-testid="agent-perms">
            {AGENT_PERMS.map((perm) => (
              <Checkbox key={perm} value={perm} data-testid={`agent-perm-${perm}`}>
                {t(`workflow.agents.perm.${perm}`)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label={t('workflow.agents.note')} validateStatus={status('note')}>
          <Input value={draft.note} maxLength={AGENT_LIMITS.note} showWordLimit onChange={(note) => set({ note })} aria-label={t('workflow.agents.note')} data-testid="agent-note" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} data-testid="agent-error" />}
    </Modal>
  );
}
