import { Alert, Button, Card, DatePicker, Form, Input, Message, Radio, Select, Spin } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ConsoleHome, NoticeInput, SaasNotice } from '../../../../shared/api/org-saas.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { SAAS_API, pagePath } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

/**
 * saas/addSaasNotice (spec §2.6, saas): a notice to all of the provider's spaces or chosen ones, now or at a time
 * to come; the server refuses a time in the past and any space that is not the provider's.
 */
export function SaasNoticeAddPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const spaces = useGet<ConsoleHome>(`${SAAS_API}/spaces`);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [allSpaces, setAllSpaces] = useState(true);
  const [spaceIds, setSpaceIds] = useState<string[]>([]);
  const [when, setWhen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    const problem = !title.trim() ? 'saas.notice.titleRequired' : !body.trim() ? 'saas.notice.bodyRequired' : !allSpaces && !spaceIds.length ? 'saas.notice.noSpaces' : null;
    if (problem) return setError(t(problem));
    setBusy(true);
    setError(null);
    try {
      const input: NoticeInput = { title: title.trim(), body: body.trim(), allSpaces, spaceIds: allSpaces ? [] : spaceIds, scheduledAt: when ? new Date(when).toISOString() : null };
      const answer = await api.post<SaasNotice>(`${SAAS_API}/notices`, input, { json: true });
      Message.success(t(answer.data.state === 'delivered' ? 'saas.notices.new.sent' : 'saas.notices.new.scheduled'));
      navigate(pagePath(match, 'org.saasNotice'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (spaces.error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: spaces.error })} />;
  if (!spaces.data) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('saas.notices.new.title')} className="qp-narrow-card" data-testid="saas-notice-form">
      <Alert type="info" content={t('saas.notices.new.hint')} className="qp-gap" />
      <Form layout="vertical" onSubmit={send}>
        <Form.Item label={t('saas.notices.noticeTitle')} required>
          <Input aria-label={t('saas.notices.noticeTitle')} value={title} onChange={setTitle} maxLength={200} data-testid="saas-notice-title" />
        </Form.Item>
        <Form.Item label={t('saas.notices.new.body')} required>
          <Input.TextArea aria-label={t('saas.notices.new.body')} value={body} onChange={setBody} maxLength={4000} autoSize={{ minRows: 4 }} data-testid="saas-notice-body" />
        </Form.Item>
        <Form.Item label={t('saas.notices.new.target')}>
          <Radio.Group value={allSpaces ? 'all' : 'chosen'} onChange={(value: string) => setAllSpaces(value === 'all')}>
            <Radio value="all" data-testid="saas-notice-all">{t('saas.notices.allSpaces')}</Radio>
            <Radio value="chosen" data-testid="saas-notice-chosen">{t('saas.notices.new.chooseSpaces')}</Radio>
          </Radio.Group>
        </Form.Item>
        {!allSpaces && (
          <Form.Item label={t('saas.notices.new.spaces')} required>
            <Select aria-label={t('saas.notices.new.spaces')} mode="multiple" value={spaceIds} onChange={setSpaceIds} options={spaces.data.spaces.map((s) => ({ value: s.id, label: s.name }))} data-testid="saas-notice-spaces" />
          </Form.Item>
        )}
        <Form.Item label={t('saas.notices.new.when')}>
          <DatePicker aria-label={t('saas.notices.new.when')} showTime value={when ?? undefined} onChange={(value: string) => setWhen(value || null)} data-testid="saas-notice-when" />
        </Form.Item>
        {error && <Alert type="error" content={error} className="qp-gap" data-testid="saas-notice-error" />}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="saas-notice-send">
          {t('saas.notices.new.send')}
        </Button>
      </Form>
    </Card>
  );
}
