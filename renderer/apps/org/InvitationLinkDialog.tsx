import { Alert, Button, Modal, Space, Typography } from '@arco-design/web-react';
import { IconEmail } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';
import { invitationUrl, type MemberRow } from './member-api.ts';

/**
 * The invitation link of a member who has not set a password yet: shown to copy and hand over, or sent to the
 * member's e-mail with the space's invitation template. Sending issues a fresh link (the mailed one), so the dialog
 * shows that one and says the earlier link no longer works.
 */
export function InvitationLinkDialog({ row, token, onClose }: { row: MemberRow; token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [shown, setShown] = useState(token);
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit((data: { invitation: string; mailedTo: string | null }) => (setShown(data.invitation), setMailedTo(data.mailedTo)));
  const mail = () => submit(async () => (await api.post(`/api/org/members/${row.id}/invitation`, { mail: true }, { json: true })).data as { invitation: string; mailedTo: string | null });

  return (
    <Modal visible title={t('org.members.invitationLink')} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>} data-testid="member-invitation-dialog">
      <Typography.Paragraph>{t('org.members.invitationHint')}</Typography.Paragraph>
      <Typography.Paragraph copyable code data-testid="member-invitation-url">{invitationUrl(shown)}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button icon={<IconEmail />} loading={busy} onClick={() => void mail()} data-testid="member-invitation-mail">
          {t('org.members.mailInvitation')}
        </Button>
        {mailedTo && <Alert type="success" content={t('org.members.invitationMailedTo', { email: mailedTo })} data-testid="member-invitation-mailed" />}
        {error && <Alert type="error" content={error} data-testid="member-invitation-error" />}
      </Space>
    </Modal>
  );
}
