import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsLogEntry, SmsTemplate } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError, when } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

const SMS = `${ACCESS_API}/sms`;
const COLORS: Record<SmsLogEntry['status'], string> = { sending: 'blue', sent: 'green', failed: 'red' };

/**
 * `/sysop/smsplatform` (decision 0083): the send log of every message the platform sent (apps' and test ones), and
 * a test message through the same channel the apps use.
 */
export function SmsPlatformPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const log = useLoad(async () => (await api.get<{ entries: SmsLogEntry[] }>(`${SMS}/log`)).data.entries, []);
  const templates = useLoad(async () => (await api.get<{ templates: SmsTemplate[] }>(`${SMS}/templates`)).data.templates, []);
  const [code, setCode] = useState<string | undefined>(undefined);
  const [phone, setPhone] = useState('');
  const [params, setParams] = useState<Record<string, string>>({});
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const test = useSubmit<'sent' | 'failed'>((status) => (setResult(status), void log.reload()));
  const chosen = templates.data?.find((tpl) => tpl.code === code);
  const send = () =>
    test.submit(async () => {
      setResult(null);
      return (await api.post<{ status: 'sent' | 'failed' }>(`${SMS}/test`, { template: code, phone: phone.trim(), params }, { json: true })).data.status;
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-platform">
      <Card title={t('consoleAccess.sms.test')}>
        {templates.error && <LoadError message={templates.error} onRetry={() => void templates.reload()} />}
        {templates.data && !templates.data.length && <Alert className="qp-gap" content={t('consoleAccess.sms.needTemplate')} />}
        <Form layout="inline">
          <Form.Item label={t('consoleAccess.sms.code')}>
            <Select aria-label={t('consoleAccess.sms.code')} style={{ width: 200 }} value={code} onChange={(value: string) => (setCode(value), setParams({}))} options={(templates.data ?? []).map((tpl) => ({ value: tpl.code, label: tpl.code }))} />
          </Form.Item>
          <Form.Item label={t('consoleAccess.sms.phone')}><Input style={{ width: 180 }} value={phone} maxLength={20} onChange={setPhone} aria-label={t('consoleAccess.sms.phone')} /></Form.Item>
          {chosen?.placeholders.map((name) => (
            <Form.Item key={name} label={name}><Input style={{ width: 140 }} maxLength={100} value={params[name] ?? ''} onChange={(value) => setParams({ ...params, [name]: value })} /></Form.Item>
          ))}
          <Button type="primary" loading={test.busy} disabled={!chosen || !/^\+?[0-9]{5,20}$/.test(phone.trim())} onClick={() => void send()}>{t('consoleAccess.sms.send')}</Button>
        </Form>
        {chosen && <p className="qp-muted">{`【${chosen.signature}】${chosen.body}`}</p>}
        {test.error && <Alert type="error" content={test.error} />}
        {result && <Alert type={result === 'sent' ? 'success' : 'warning'} content={t(`consoleAccess.sms.result.${result}`)} />}
      </Card>
      <Card title={t('consoleAccess.sms.log')}>
        {log.error && <LoadError message={log.error} onRetry={() => void log.reload()} />}
        <Table rowKey="id" data={log.data ?? []} loading={log.loading && !log.data} pagination={{ pageSize: 20 }} noDataElement={t('consoleAccess.sms.noLog')}
          columns={[
            { title: t('consoleAccess.sms.sentAt'), dataIndex: 'sentAt', render: when },
            { title: t('consoleAccess.sms.space'), dataIndex: 'spaceId', render: (id: string | null) => id ?? t('consoleAccess.sms.platform') },
            { title: t('consoleAccess.sms.account'), dataIndex: 'account', render: (v: string | null) => v ?? '—' },
            { title: t('consoleAccess.sms.code'), dataIndex: 'templateCode' },
            { title: t('consoleAccess.sms.phone'), dataIndex: 'phone' },
            { title: t('consoleAccess.sms.text'), dataIndex: 'text' },
            { title: t('consoleAccess.ui.status'), dataIndex: 'status', render: (s: SmsLogEntry['status'], r: SmsLogEntry) => <span><Tag color={COLORS[s]}>{t(`consoleAccess.sms.status.${s}`)}</Tag>{r.error ? ` ${r.error}` : ''}</span> },
          ]} />
      </Card>
    </Space>
  );
}
