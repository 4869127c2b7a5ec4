import { Alert, Form, Input, Modal, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from '../../../shared/org/picker.ts';
import { OrgPicker } from '../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';

export type DelegationDraft = { permission: string; action: 'grant' } | { permission: string; action: 'revoke'; member: { userId: string; name: string } };

/**
 * Asks the security reviewer to delegate a group of console pages to a member, or to take it back (decision 0045).
 * The reason is what the reviewer reads; nothing changes before the approval.
 */
export function DelegationDialog({ draft, onClose, onFiled }: { draft: DelegationDraft; onClose: () => void; onFiled: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [picked, setPicked] = useState<PickedItem[]>([]);
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useSubmit(onFiled);
  const userId = draft.action === 'revoke' ? draft.member.userId : picked[0]?.id;
  const label = t(`org.delegation.perm.${draft.permission}`);

  async function file() {
    if (!userId) return setError(t('org.delegation.pickMember'));
    await submit(() => api.post('/api/org/delegations', { userId, permission: draft.permission, action: draft.action, reason }, { json: true }));
  }

  return (
    <Modal visible title={t(`org.delegation.${draft.action}`, { permission: label })} confirmLoading={busy} onOk={file} onCancel={onClose}
      okText={t('org.grants.file')} cancelText={t('org.structure.cancel')} data-testid="delegation-dialog">
      <Typography.Paragraph>{t('org.delegation.approvalHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('org.grants.member')} required>
          {draft.action === 'revoke' ? (
            <Typography.Text>{draft.member.name}</Typography.Text>
          ) : (
            <OrgPicker kinds={['member']} value={picked} onChange={setPicked} placeholder={t('org.delegation.pickMember')} testId="delegation-member" />
          )}
        </Form.Item>
        <Form.Item label={t('org.grants.reason')} required>
          <Input.TextArea value={reason} onChange={setReason} maxLength={200} aria-label={t('org.grants.reason')} data-testid="delegation-reason" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} data-testid="delegation-error" />}
    </Modal>
  );
}
