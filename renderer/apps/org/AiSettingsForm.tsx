import { Alert, Button, Checkbox, Form, Input, InputNumber, Message, Space, Switch } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AI_LIMITS,
  AI_ROLES,
  AI_SETTINGS_PATH,
  AI_TEST_PATH,
  aiSettingsProblem,
  type AiRole,
  type AiSettingsInput,
  type AiSettingsView,
  type AiTestResult,
} from '../../../shared/ai.ts';
import { useServices } from '../../shell/services.tsx';

/** A test waits for the model for up to the space's timeout (at most 120 s): the page waits a little longer. */
const SLOW_CALL_MS = (AI_LIMITS.timeoutMax + 15) * 1000;

/**
 * The space's AI model connection. The API key is write-only: the field starts empty, says whether one is stored,
 * and is sent only when typed (or removed on purpose). "Test connection" uses what the form holds, saved or not.
 */
export function AiSettingsForm(props: { view: AiSettingsView; onSaved: (view: AiSettingsView) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState(props.view);
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null);

  const input: AiSettingsInput = {
    enabled: draft.enabled,
    baseUrl: draft.baseUrl.trim(),
    model: draft.model.trim(),
    timeoutSeconds: draft.timeoutSeconds,
    monthlyTokenBudget: draft.monthlyTokenBudget,
    roles: draft.roles,
    ...(apiKey ? { apiKey } : removeKey ? { apiKey: '' } : {}),
  };
  const change = (patch: Partial<AiSettingsView>) => setDraft({ ...draft, ...patch });

  /** The same rules as the server's, in the user's language, before anything is sent. */
  function problem(): string | null {
    const found = aiSettingsProblem(input);
    return found ? t(found.key, found.params) : null;
  }

  async function save() {
    const found = problem();
    if (found) return setError(found);
    setBusy('save');
    setError(null);
    try {
      const answer = await api.put<AiSettingsView>(AI_SETTINGS_PATH, input, { json: true });
      setDraft(answer.data);
      setApiKey('');
      setRemoveKey(false);
      props.onSaved(answer.data);
      Message.success(t(answer.msg || 'org.ai.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    const found = problem();
    if (found) return setTested({ ok: false, text: found });
    setBusy('test');
    setTested(null);
    try {
      const answer = await api.post<AiTestResult>(AI_TEST_PATH, { settings: input }, { json: true, timeout: SLOW_CALL_MS });
      const { reply, model, latencyMs } = answer.data;
      setTested({ ok: true, text: `${t('org.ai.testOk', { ms: latencyMs })} ${t('org.ai.testReply', { model, reply })}` });
    } catch (failure) {
      setTested({ ok: false, text: (failure as Error).message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="qp-ai-connection">
      <h3 id="qp-ai-connection">{t('org.ai.connection')}</h3>
      {!props.view.configured && <p className="qp-muted" data-testid="ai-not-configured">{t('org.ai.notConfiguredHint')}</p>}
      {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="ai-error" />}
      <Form layout="vertical" style={{ maxWidth: 560 }} onSubmit={() => void save()}>
        <Form.Item label={t('org.ai.enabled')}>
          <Switch checked={draft.enabled} onChange={(enabled: boolean) => change({ enabled })} aria-label={t('org.ai.enabled')} data-testid="ai-enabled" />
        </Form.Item>
        <Form.Item label={t('org.ai.baseUrl')} required extra={t('org.ai.baseUrlHint')}>
          <Input value={draft.baseUrl} maxLength={AI_LIMITS.baseUrl} onChange={(baseUrl) => change({ baseUrl })} placeholder="https://api.openai.com/v1"
            aria-label={t('org.ai.baseUrl')} data-testid="ai-baseUrl" />
        </Form.Item>
        <Form.Item label={t('org.ai.model')} required>
          <Input value={draft.model} maxLength={AI_LIMITS.model} onChange={(model) => change({ model })} placeholder="gpt-4o-mini" aria-label={t('org.ai.model')} data-testid="ai-model" />
        </Form.Item>
        <Form.Item label={t('org.ai.apiKey')}>
          <Input.Password value={apiKey} maxLength={AI_LIMITS.apiKey} onChange={setApiKey} autoComplete="new-password" disabled={removeKey}
            placeholder={t(draft.keySet ? 'org.ai.keyKept' : 'org.ai.keyNone')} aria-label={t('org.ai.apiKey')} data-testid="ai-apiKey" />
        </Form.Item>
        {draft.keySet && (
          <Checkbox checked={removeKey} onChange={(checked: boolean) => (setRemoveKey(checked), setApiKey(''))} data-testid="ai-apiKey-remove" className="qp-gap">
            {t('org.ai.keyRemove')}
          </Checkbox>
        )}
        <Space size="large" align="start">
          <Form.Item label={t('org.ai.timeout')} required>
            <InputNumber value={draft.timeoutSeconds} min={AI_LIMITS.timeoutMin} max={AI_LIMITS.timeoutMax} precision={0} style={{ width: 160 }}
              onChange={(value) => change({ timeoutSeconds: Number(value) })} aria-label={t('org.ai.timeout')} data-testid="ai-timeout" />
          </Form.Item>
          <Form.Item label={t('org.ai.budget')} extra={t('org.ai.budgetHint')}>
            <InputNumber value={draft.monthlyTokenBudget ?? undefined} min={1} precision={0} style={{ width: 240 }}
              onChange={(value) => change({ monthlyTokenBudget: value === undefined || value === null || Number.isNaN(Number(value)) ? null : Number(value) })}
              aria-label={t('org.ai.budget')} data-testid="ai-budget" />
          </Form.Item>
        </Space>
        <Form.Item label={t('org.ai.roles')} required>
          <Checkbox.Group value={draft.roles} onChange={(roles: AiRole[]) => change({ roles: AI_ROLES.filter((r) => roles.includes(r)) })} data-testid="ai-roles">
            {AI_ROLES.map((role) => (
              <Checkbox key={role} value={role} data-testid={`ai-role-${role}`}>
                {t(`org.ai.role.${role}`)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy === 'save'} disabled={busy === 'test'} data-testid="ai-save">
            {t('org.ai.save')}
          </Button>
          <Button onClick={() => void test()} loading={busy === 'test'} disabled={busy === 'save'} data-testid="ai-test">
            {t('org.ai.test')}
          </Button>
        </Space>
        <p className="qp-muted">{t('org.ai.testHint')}</p>
      </Form>
      <div aria-live="polite">
        {tested && <Alert type={tested.ok ? 'success' : 'error'} content={tested.text} data-testid={tested.ok ? 'ai-test-result' : 'ai-test-error'} />}
      </div>
    </section>
  );
}
