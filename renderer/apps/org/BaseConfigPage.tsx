import { Alert, Button, Card, Form, Message, Select, Spin } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { knownTimeZones, offsetLabel } from './time-zones.ts';

const PATH = '/api/org/settings/time-zone';

/**
 * baseConfig (spec §2.6, admin): the space's basic settings. Today its time zone, in which spreadsheet imports
 * and exports read and write date-times (docs/decisions/0022); the organisation issue adds the rest here.
 */
export function BaseConfigPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const zones = useMemo(() => knownTimeZones().map((zone) => ({ value: zone, label: `${zone} (${offsetLabel(zone)})` })), []);
  const [saved, setSaved] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.get(PATH).then(
      (answer) => {
        if (!live) return;
        const zone = (answer.data as { timeZone: string }).timeZone;
        setSaved(zone);
        setChosen(zone);
        setLoadError(null);
      },
      (failure: Error) => live && setLoadError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  async function save() {
    if (!chosen) return;
    setBusy(true);
    setSaveError(null);
    try {
      const answer = await api.put(PATH, { timeZone: chosen }, { json: true });
      setSaved((answer.data as { timeZone: string }).timeZone);
      Message.success(t('org.baseConfig.saved'));
    } catch (failure) {
      setSaveError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (loadError) {
    return (
      <Card title={t('routes.org.baseConfig')} className="qp-narrow-card">
        <Alert type="error" content={loadError} className="qp-gap" />
        <Button onClick={() => setRound((n) => n + 1)}>{t('org.baseConfig.retry')}</Button>
      </Card>
    );
  }
  if (saved === null) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('routes.org.baseConfig')} className="qp-narrow-card">
      <Form layout="vertical" onSubmit={save}>
        <Form.Item label={t('org.baseConfig.timeZone')} extra={t('org.baseConfig.timeZoneHelp')}>
          <Select showSearch options={zones} value={chosen ?? undefined} onChange={(zone: string) => setChosen(zone)} data-testid="time-zone" aria-label={t('org.baseConfig.timeZone')} />
        </Form.Item>
        {saveError && <Alert type="error" content={saveError} className="qp-gap" data-testid="base-config-error" />}
        <Button type="primary" htmlType="submit" loading={busy} disabled={chosen === saved}>
          {t('org.baseConfig.save')}
        </Button>
      </Form>
    </Card>
  );
}
