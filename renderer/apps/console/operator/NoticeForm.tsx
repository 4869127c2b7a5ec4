import { Alert, Button, DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { NoticeInput, NoticeKind } from '../../../../shared/api/console-operator.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { useLoad } from '../../../shell/use-load.ts';

interface Values {
  titleZh: string;
  titleEn: string;
  bodyZh?: string;
  bodyEn?: string;
  startsAt?: string;
  endsAt?: string;
  spaceIds?: string[];
}

const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);

/** Schedules an announcement or a maintenance; the server's refusal (a time in the past…) shows under the form. */
export function NoticeForm({ kind, onCreated }: { kind: NoticeKind; onCreated: () => Promise<void> }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form] = Form.useForm<Values>();
  const announcement = kind === 'announcement';
  const spaces = useLoad(async () => (announcement ? (await api.get<{ spaces: Array<{ id: string; name: string }> }>('/api/console/spaces')).data.spaces : []), [api, announcement]);
  const { busy, error, submit } = useSubmit(async () => {
    form.resetFields();
    await onCreated();
  });
  const required = [{ required: true, message: t('consoleOperator.notices.required') }];

  function send(values: Values) {
    const body: NoticeInput = {
      titleZh: values.titleZh,
      titleEn: values.titleEn,
      ...(values.bodyZh ? { bodyZh: values.bodyZh } : {}),
      ...(values.bodyEn ? { bodyEn: values.bodyEn } : {}),
      startsAt: iso(values.startsAt)!,
      ...(announcement && values.endsAt ? { endsAt: iso(values.endsAt) } : {}),
      ...(announcement && values.spaceIds?.length ? { spaceIds: values.spaceIds } : {}),
    };
    return submit(() => api.post(`/api/console/operator/notices/${kind}`, body, { json: true }));
  }

  return (
    <Form form={form} layout="vertical" onSubmit={(values: Values) => void send(values)} data-testid={`${kind}-form`} style={{ maxWidth: 720 }}>
      <Form.Item label={t('consoleOperator.notices.titleZh')} field="titleZh" rules={required}>
        <Input aria-label={t('consoleOperator.notices.titleZh')} maxLength={120} data-testid="notice-title-zh" />
      </Form.Item>
      <Form.Item label={t('consoleOperator.notices.titleEn')} field="titleEn" rules={required}>
        <Input aria-label={t('consoleOperator.notices.titleEn')} maxLength={200} data-testid="notice-title-en" />
      </Form.Item>
      <Form.Item label={t('consoleOperator.notices.bodyZh')} field="bodyZh">
        <Input.TextArea aria-label={t('consoleOperator.notices.bodyZh')} maxLength={2000} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item label={t('consoleOperator.notices.bodyEn')} field="bodyEn">
        <Input.TextArea aria-label={t('consoleOperator.notices.bodyEn')} maxLength={4000} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item label={t(announcement ? 'consoleOperator.notices.startsAt' : 'consoleOperator.offline.startsAt')} field="startsAt" rules={required}>
        <DatePicker showTime style={{ width: 260 }} data-testid="notice-starts" />
      </Form.Item>
      {announcement && (
        <>
          <Form.Item label={t('consoleOperator.notices.endsAt')} field="endsAt" extra={t('consoleOperator.notices.endsAtHint')}>
            <DatePicker aria-label={t('consoleOperator.notices.endsAt')} showTime style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label={t('consoleOperator.notices.spaces')} field="spaceIds" extra={t('consoleOperator.notices.spacesHint')}>
            <Select aria-label={t('consoleOperator.notices.spaces')} mode="multiple" allowClear placeholder={t('consoleOperator.allSpaces')} loading={spaces.loading}
              options={(spaces.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))} data-testid="notice-spaces" />
          </Form.Item>
        </>
      )}
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="notice-error" />}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="notice-submit">
        {t(announcement ? 'consoleOperator.notices.schedule' : 'consoleOperator.offline.new')}
      </Button>
    </Form>
  );
}
