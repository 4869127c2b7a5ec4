import { Alert, Button, Card, Divider, Spin } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_SETTINGS_PATH, AI_USAGE_PATH, type AiSettingsView, type AiUsageView } from '../../../shared/ai.ts';
import { useServices } from '../../shell/services.tsx';
import { AiSettingsForm } from './AiSettingsForm.tsx';
import { AiUsagePanel } from './AiUsagePanel.tsx';

/**
 * aisetting (spec §2.6, admin; decision 0047): the space's AI model connection — switch, OpenAI-compatible endpoint,
 * model, write-only API key, timeout, monthly token budget and the roles that may use AI — with a real test call,
 * and this month's use.
 */
export function AiSettingPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [view, setView] = useState<AiSettingsView | null>(null);
  const [usage, setUsage] = useState<AiUsageView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.get<AiSettingsView>(AI_SETTINGS_PATH).then(
      (answer) => live && (setView(answer.data), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  const loadUsage = useCallback(() => {
    api.get<AiUsageView>(AI_USAGE_PATH).then(
      (answer) => setUsage(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);
  useEffect(loadUsage, [loadUsage, round]);

  if (error && !view) {
    return (
      <Card title={t('org.ai.title')}>
        <Alert type="error" content={error} className="qp-gap" />
        <Button onClick={() => setRound((n) => n + 1)}>{t('org.ai.retry')}</Button>
      </Card>
    );
  }
  if (!view) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('org.ai.title')} data-testid="ai-settings">
      <p className="qp-muted">{t('org.ai.hint')}</p>
      <AiSettingsForm view={view} onSaved={(saved) => (setView(saved), loadUsage())} />
      <Divider />
      {error && <Alert type="error" content={error} className="qp-gap" />}
      {usage ? <AiUsagePanel usage={usage} onRefresh={loadUsage} /> : <Spin block loading />}
    </Card>
  );
}
