import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templatePlaceholders, type SmsAccount, type SmsSignature, type SmsTemplate } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

const SMS = `${ACCESS_API}/sms`;
interface Loaded {
  accounts: SmsAccount[];
  signatures: SmsSignature[];
  templates: SmsTemplate[];
}
type Draft = { type: 'signature'; accountId: string; text: string } | { type: 'template'; id?: string; code: string; signatureId: string; body: string };

/**
 * `/sysop/smssignature` (decision 0083): signatures (the 【…】 a carrier prefixes, per provider account) and the
 * templates apps send by code, with `<%name%>` placeholders filled at sending.
 */
export function SmsSignaturePage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async (): Promise<Loaded> => {
    const [accounts, signatures, templates] = await Promise.all([
      api.get<{ accounts: SmsAccount[] }>(`${SMS}/accounts`),
      api.get<{ signatures: SmsSignature[] }>(`${SMS}/signatures`),
      api.get<{ templates: SmsTemplate[] }>(`${SMS}/templates`),
    ]);
    return { accounts: accounts.data.accounts, signatures: signatures.data.signatures, templates: templates.data.templates };
  }, []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const dialog = useSubmit(() => (setDraft(null), void reload()));
  const save = () =>
    draft &&
    dialog.submit(() => {
      if (draft.type === 'signature') return api.post(`${SMS}/signatures`, { accountId: draft.accountId, text: draft.text.trim() }, { json: true });
      const body = { code: draft.code.trim(), signatureId: draft.signatureId, body: draft.body };
      return draft.id ? api.put(`${SMS}/templates/${draft.id}`, body, { json: true }) : api.post(`${SMS}/templates`, body, { json: true });
    });
  const remove = async (path: string) => {
    setActionError(null);
    try {
      await api.delete(path);
      await reload();
    } catch (failure) {
      setActionError((failure as Error).message);
    }
  };
  const open = (value: Draft) => (dialog.setError(null), setDraft(value));
  const deleteButton = (path: string, name: string) => (
    <Popconfirm title={t('consoleAccess.ui.deleteConfirm', { name })} onOk={() => remove(path)}>
      <Button size="mini" status="danger">{t('consoleAccess.ui.delete')}</Button>
    </Popconfirm>
  );
  const ready = draft && (draft.type === 'signature' ? !!draft.accountId && draft.text.trim().length >= 2 : !!draft.code.trim() && !!draft.signatureId && !!draft.body.trim());

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sms-signatures">
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {actionError && <Alert type="error" content={actionError} closable onClose={() => setActionError(null)} />}
      <Card title={t('routes.console.smsSignature')}>
        <Button type="primary" className="qp-gap" disabled={!data?.accounts.length} onClick={() => open({ type: 'signature', accountId: data?.accounts[0]?.id ?? '', text: '' })}>{t('consoleAccess.sms.addSignature')}</Button>
        {data && !data.accounts.length && <Alert className="qp-gap" content={t('consoleAccess.sms.needAccount')} />}
        <Table rowKey="id" data={data?.signatures ?? []} loading={loading && !data} pagination={false} noDataElement={t('consoleAccess.sms.noSignatures')}
          columns={[
            { title: t('consoleAccess.sms.signature'), dataIndex: 'text', render: (text: string) => `【${text}】` },
            { title: t('consoleAccess.sms.account'), dataIndex: 'accountName' },
            { title: t('consoleAccess.ui.actions'), dataIndex: 'id', width: 100, render: (id: string, s: SmsSignature) => deleteButton(`${SMS}/signatures/${id}`, s.text) },
          ]} />
      </Card>
      <Card title={t('consoleAccess.sms.templates')}>
        <p className="qp-muted">{t('consoleAccess.sms.templatesHint', { example: '<%code%>' })}</p>
        <Button type="primary" className="qp-gap" disabled={!data?.signatures.length} onClick={() => open({ type: 'template', code: '', signatureId: data?.signatures[0]?.id ?? '', body: '' })}>{t('consoleAccess.sms.addTemplate')}</Button>
        <Table rowKey="id" data={data?.templates ?? []} loading={loading && !data} pagination={false} noDataElement={t('consoleAccess.sms.noTemplates')}
          columns={[
            { title: t('consoleAccess.sms.code'), dataIndex: 'code' },
            { title: t('consoleAccess.sms.body'), dataIndex: 'body', render: (body: string, r: SmsTemplate) => `【${r.signature}】${body}` },
            { title: t('consoleAccess.sms.placeholders'), dataIndex: 'placeholders', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
            {
              title: t('consoleAccess.ui.actions'), dataIndex: 'id', width: 150,
              render: (id: string, r: SmsTemplate) => (
                <Space size="mini">
                  <Button size="mini" onClick={() => open({ type: 'template', id, code: r.code, signatureId: r.signatureId, body: r.body })}>{t('consoleAccess.ui.edit')}</Button>
                  {deleteButton(`${SMS}/templates/${id}`, r.code)}
                </Space>
              ),
            },
          ]} />
      </Card>
      {draft && (
        <Modal visible title={draft.type === 'signature' ? t('consoleAccess.sms.addSignature') : draft.id ? t('consoleAccess.sms.editTemplate') : t('consoleAccess.sms.addTemplate')}
          confirmLoading={dialog.busy} onOk={() => void save()} onCancel={() => setDraft(null)} okText={t('consoleAccess.ui.save')} cancelText={t('consoleAccess.ui.cancel')} okButtonProps={{ disabled: !ready }}>
          <Form layout="vertical">
            {draft.type === 'signature' ? (
              <>
                <Form.Item label={t('consoleAccess.sms.account')} required>
                  <Select aria-label={t('consoleAccess.sms.account')} value={draft.accountId} onChange={(accountId: string) => setDraft({ ...draft, accountId })} options={(data?.accounts ?? []).map((a) => ({ value: a.id, label: a.name }))} />
                </Form.Item>
                <Form.Item label={t('consoleAccess.sms.signature')} required><Input aria-label={t('consoleAccess.sms.signature')} value={draft.text} maxLength={20} onChange={(text) => setDraft({ ...draft, text })} /></Form.Item>
              </>
            ) : (
              <>
                <Form.Item label={t('consoleAccess.sms.code')} required extra={t('consoleAccess.sms.codeHint')}><Input aria-label={t('consoleAccess.sms.code')} value={draft.code} maxLength={40} onChange={(code) => setDraft({ ...draft, code })} /></Form.Item>
                <Form.Item label={t('consoleAccess.sms.signature')} required>
                  <Select aria-label={t('consoleAccess.sms.signature')} value={draft.signatureId} onChange={(signatureId: string) => setDraft({ ...draft, signatureId })} options={(data?.signatures ?? []).map((s) => ({ value: s.id, label: `【${s.text}】 ${s.accountName}` }))} />
                </Form.Item>
                <Form.Item label={t('consoleAccess.sms.body')} required extra={t('consoleAccess.sms.found', { names: templatePlaceholders(draft.body).join(', ') || '—' })}>
                  <Input.TextArea aria-label={t('consoleAccess.sms.body')} value={draft.body} maxLength={500} showWordLimit autoSize={{ minRows: 3 }} onChange={(body) => setDraft({ ...draft, body })} />
                </Form.Item>
              </>
            )}
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} />}
        </Modal>
      )}
    </Space>
  );
}
