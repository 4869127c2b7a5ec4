import { Alert, Button, Form, Spin, Switch, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { hostingProblem, type AgentPerson, type HostingAnswer, type HostingView } from '../../../../shared/workflow/agents.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import './agents.css';

export interface HostingSettingsProps {
  /** Whose hosting: the member himself, or (an admin's choice) another member. */
  user: AgentPerson;
  forOther?: boolean;
}

const picked = (view: HostingView): PickedItem[] => (view.trustee ? [{ kind: 'member', id: view.trustee.id, name: view.trustee.name }] : []);

/**
 * Account hosting (spec §4, §5): a switch and exactly one trustee, who may then do everything the member may in every
 * app. Saving a new trustee replaces the old one. Below, the accounts hosted to the signed-in member.
 * Exported for the personal settings page too.
 */
export function HostingSettings({ user, forOther = false }: HostingSettingsProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [answer, setAnswer] = useState<HostingAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [trustee, setTrustee] = useState<PickedItem[]>([]);
  const [saved, setSaved] = useState(false);
  const load = useCallback(
    () =>
      api.get<HostingAnswer>('/api/workflow/hosting', { params: { userId: forOther ? user.id : undefined } }).then(
        (a) => (setAnswer(a.data), setEnabled(a.data.mine.enabled), setTrustee(picked(a.data.mine)), setLoadError(null)),
        (failure: Error) => setLoadError(failure.message),
      ),
    [api, user.id, forOther],
  );
  useEffect(() => void load(), [load]);
  // The answer to the save is the hosting as stored: shown at once, so the message never names the old state.
  const { busy, error, setError, submit } = useSubmit((stored: HostingView) => {
    setAnswer((old) => (old ? { ...old, mine: stored } : old));
    setEnabled(stored.enabled);
    setTrustee(picked(stored));
    setSaved(true);
  });

  if (loadError) return <Alert type="error" content={loadError} className="qp-gap" data-testid="hosting-error" />;
  if (!answer) return <Spin block loading className="qp-gap" />;
  const mine = answer.mine;

  const save = () => {
    setSaved(false);
    const change = { userId: user.id, enabled, trusteeId: trustee[0]?.id ?? null };
    const problem = hostingProblem(change);
    if (problem) return setError(t(problem.key, problem.params));
    void submit(async () => (await api.put<HostingView>('/api/workflow/hosting', { ...(forOther ? { userId: user.id } : {}), enabled, trusteeId: change.trusteeId }, { json: true })).data);
  };

  return (
    <div data-testid="hosting">
      <p className="qp-muted">{t('workflow.agents.hosting.intro')}</p>
      <Form layout="vertical" className="qp-agents-hosting">
        <Form.Item label={t('workflow.agents.hosting.enabled')}>
          <Switch checked={enabled} onChange={(on) => (setEnabled(on), setSaved(false))} aria-label={t('workflow.agents.hosting.enabled')} data-testid="hosting-switch" />
        </Form.Item>
        <Form.Item label={t('workflow.agents.hosting.trustee')} required={enabled}>
          <OrgPicker kinds={['member']} value={trustee} onChange={(v) => (setTrustee(v), setSaved(false))} placeholder={t('workflow.agents.hosting.pickTrustee')} testId="hosting-trustee" />
        </Form.Item>
        <Button type="primary" size="small" loading={busy} onClick={save} data-testid="hosting-save">{t('workflow.agents.hosting.save')}</Button>
      </Form>
      {mine.enabled && !mine.effective && <Alert type="warning" content={t('workflow.agents.hosting.notEffective')} className="qp-gap" data-testid="hosting-not-effective" />}
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="hosting-save-error" />}
      {saved && !error && (
        <Alert type="success" content={t(mine.enabled ? 'workflow.agents.hosting.savedOn' : 'workflow.agents.hosting.savedOff', { name: mine.trustee?.name ?? '' })} className="qp-gap" data-testid="hosting-saved" />
      )}
      {/* Accounts hosted to the signed-in member himself: not shown while an admin looks at another's hosting. */}
      {!forOther && (
        <>
          <h2 className="qp-agents-h2">{t('workflow.agents.hosting.toMe')}</h2>
          {answer.toMe.length === 0 ? (
            <p className="qp-muted" data-testid="hosting-to-me-empty">{t('workflow.agents.hosting.toMeEmpty')}</p>
          ) : (
            <ul className="qp-agents-to-me" data-testid="hosting-to-me">
              {answer.toMe.map((h) => (
                <li key={h.user.id}>
                  {h.user.name} {!h.effective && <Tag color="red">{t('workflow.agents.state.invalid')}</Tag>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
