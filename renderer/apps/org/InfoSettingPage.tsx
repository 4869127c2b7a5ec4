import { Alert, Button, Card, Form, Input, Message, Select, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTERPRISE_LIMITS, INDUSTRIES, enterpriseInfoProblem, type EnterpriseInfo } from '../../../shared/org/enterprise-info.ts';
import { useServices } from '../../shell/services.tsx';

type Editable = Exclude<keyof EnterpriseInfo, 'name' | 'industry'>;
const TEXT_FIELDS: Editable[] = ['shortName', 'contactName', 'contactPhone', 'contactEmail', 'address'];

/**
 * infoSetting and console/infoSetting (spec §2.6, admin; decision 0035): the enterprise's short name, industry and
 * contact. The registered name is shown, not edited: the platform operator keeps it.
 */
export function InfoSettingPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [info, setInfo] = useState<EnterpriseInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<EnterpriseInfo>('/api/org/enterprise-info').then(
      (answer) => setInfo(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  if (!info) return error ? <Alert type="error" content={error} className="qp-gap" /> : <Spin block loading className="qp-gap" />;

  async function save(current: EnterpriseInfo) {
    const { name: _name, ...edit } = current;
    const problem = enterpriseInfoProblem(edit);
    if (problem) return setError(t(problem.key, problem.params));
    setBusy(true);
    try {
      setInfo((await api.put<EnterpriseInfo>('/api/org/enterprise-info', edit, { json: true })).data);
      setError(null);
      Message.success(t('org.info.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('org.info.title')} data-testid="info-setting">
      <p className="qp-muted">{t('org.info.hint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="info-error" />}
      <Form layout="vertical" style={{ maxWidth: 560 }} onSubmit={() => void save(info)}>
        <Form.Item label={t('org.info.name')}>
          <Input value={info.name} readOnly aria-label={t('org.info.name')} data-testid="info-name" />
        </Form.Item>
        <Form.Item label={t('org.info.industry')}>
          <Select allowClear value={info.industry || undefined} onChange={(industry?: string) => setInfo({ ...info, industry: industry ?? '' })} aria-label={t('org.info.industry')} data-testid="info-industry"
            options={INDUSTRIES.map((i) => ({ value: i, label: t(`org.info.industry.${i}`) }))} />
        </Form.Item>
        {TEXT_FIELDS.map((field) => (
          <Form.Item key={field} label={t(`org.info.${field}`)}>
            <Input value={info[field]} maxLength={ENTERPRISE_LIMITS[field]} onChange={(value) => setInfo({ ...info, [field]: value })} aria-label={t(`org.info.${field}`)} data-testid={`info-${field}`} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="info-save">
          {t('org.info.save')}
        </Button>
      </Form>
    </Card>
  );
}
