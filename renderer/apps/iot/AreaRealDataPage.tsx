import { Alert, Button, Card, Form, Input, Message, Space, Table, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';

interface DeviceValue {
  linkId?: string;
  linkName?: string;
  topic: string;
  payload: string;
  at: string | number;
}
interface LinkRow {
  id: string;
  name: string;
  url: string;
  status: { state: string; lastError?: string | null };
}
/** The desktop preload's device API (electron/preload): present only in the desktop app. */
interface DeviceApi {
  list(): Promise<LinkRow[]>;
  save(config: unknown): Promise<unknown>;
  start(id: string): Promise<unknown>;
  stop(id: string): Promise<unknown>;
  onValue(handler: (value: DeviceValue) => void): () => void;
  onStatus(handler: (status: unknown) => void): () => void;
}

const KEEP = 200;
const list = (text: string) => text.split(',').map((t) => t.trim()).filter(Boolean);

/**
 * Real-time device data: on the desktop app, the MQTT links of this PC (configure, connect, live values
 * streamed from the main process); in the browser, the latest values the desktop apps relayed to the platform.
 */
export function AreaRealDataPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const devices = (window.qpaasBridge as unknown as { devices?: DeviceApi } | undefined)?.devices ?? null;
  const [links, setLinks] = useState<LinkRow[]>([]);
  const [values, setValues] = useState<DeviceValue[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refreshLinks = useCallback(async () => setLinks((await devices?.list()) ?? []), [devices]);

  useEffect(() => {
    if (devices) {
      void refreshLinks();
      const offValue = devices.onValue((value) => setValues((old) => [value, ...old].slice(0, KEEP)));
      const offStatus = devices.onStatus(() => void refreshLinks());
      return () => {
        offValue();
        offStatus();
      };
    }
    const load = () =>
      api.get<{ values: DeviceValue[] }>('/api/iot/values', { params: { limit: KEEP } }).then(
        (answer) => (setValues(answer.data.values), setError(null)),
        (failure: Error) => setError(failure.message),
      );
    void load();
    const timer = setInterval(() => void load(), 5_000);
    return () => clearInterval(timer);
  }, [api, devices, refreshLinks]);

  async function save(form: { id: string; name: string; url: string; username?: string; password?: string; topics: string; relayTopics?: string }) {
    try {
      await devices!.save({ ...form, topics: list(form.topics), relayTopics: list(form.relayTopics ?? '') });
      await refreshLinks();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('iot.monitor.link'), render: (_: unknown, v: DeviceValue) => v.linkName ?? v.linkId },
    { title: t('iot.monitor.topic'), dataIndex: 'topic' },
    { title: t('iot.monitor.payload'), dataIndex: 'payload', render: (p: string) => <code>{p.slice(0, 200)}</code> },
    { title: t('iot.monitor.at'), render: (_: unknown, v: DeviceValue) => new Date(v.at).toLocaleString() },
  ];

  return (
    <Space direction="vertical" size="medium" style={{ width: '100%' }}>
      {!devices && <Alert type="info" content={t('iot.monitor.desktopOnly')} />}
      {error && <Alert type="error" content={error} />}
      {devices && (
        <Card title={t('iot.monitor.links')}>
          {links.length === 0 && <p className="qp-muted">{t('iot.monitor.noLinks')}</p>}
          {links.map((link) => (
            <Space key={link.id} className="qp-gap">
              <b>{link.name}</b> <span>{link.url}</span>
              <Tag color={link.status.state === 'online' ? 'green' : link.status.state === 'error' ? 'red' : 'gray'}>{t(`iot.status.${link.status.state}`)}</Tag>
              {link.status.lastError && <span className="qp-muted">{link.status.lastError}</span>}
              <Button size="small" onClick={() => void devices.start(link.id).then(refreshLinks)}>{t('iot.monitor.start')}</Button>
              <Button size="small" onClick={() => void devices.stop(link.id).then(refreshLinks)}>{t('iot.monitor.stop')}</Button>
            </Space>
          ))}
          <Form layout="inline" onSubmit={save} className="qp-gap">
            <Form.Item field="id" label="ID" rules={[{ required: true }]}><Input style={{ width: 100 }} /></Form.Item>
            <Form.Item field="name" label={t('iot.monitor.name')} rules={[{ required: true }]}><Input style={{ width: 120 }} /></Form.Item>
            <Form.Item field="url" label={t('iot.monitor.url')} rules={[{ required: true }]}><Input placeholder="mqtt://192.168.1.10:1883" /></Form.Item>
            <Form.Item field="username" label={t('iot.monitor.username')}><Input style={{ width: 100 }} /></Form.Item>
            <Form.Item field="password" label={t('iot.monitor.password')}><Input.Password style={{ width: 100 }} /></Form.Item>
            <Form.Item field="topics" label={t('iot.monitor.topics')} rules={[{ required: true }]}><Input placeholder="plant/+/temp" /></Form.Item>
            <Form.Item field="relayTopics" label={t('iot.monitor.relayTopics')}><Input /></Form.Item>
            <Button type="primary" htmlType="submit">{t('iot.monitor.save')}</Button>
          </Form>
        </Card>
      )}
      <Card title={t('iot.monitor.values')}>
        <Table rowKey={(v: DeviceValue) => `${v.topic}|${v.at}|${v.linkId ?? v.linkName}`} columns={columns} data={values} pagination={false} noDataElement={t('iot.monitor.empty')} />
      </Card>
    </Space>
  );
}
