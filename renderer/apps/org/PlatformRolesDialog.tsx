import { Alert, Checkbox, Form, Input, Modal, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';
import type { MemberRow } from './member-api.ts';

const DUTIES = ['admin', 'safe', 'audit'] as const;

/**
 * The administrator asks for the three duty roles to be given or taken (three-role separation): each change becomes
 * a request for the security reviewer, with the reason typed here; nothing changes before the approval.
 */
export function PlatformRolesDialog(props: { row: MemberRow; onClose: () => void; onFiled: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const held = props.row.roles ?? [];
  const [wanted, setWanted] = useState<string[]>(DUTIES.filter((d) => held.includes(d)));
  const [reason, setReason] = useState('');
  const { error, busy, submit } = useSubmit(props.onFiled);
  const changes: Array<{ role: (typeof DUTIES)[number]; action: 'grant' | 'revoke' }> = DUTIES.flatMap((role) =>
    wanted.includes(role) === held.includes(role) ? [] : [{ role, action: wanted.includes(role) ? ('grant' as const) : ('revoke' as const) }],
  );

  const file = () =>
    submit(async () => {
      for (const change of changes) await api.post('/api/org/grant-requests', { userId: props.row.id, ...change, reason }, { json: true });
    });

  return (
    <Modal visible title={t('org.grants.dutyRolesOf', { name: props.row.name })} confirmLoading={busy} onOk={file} onCancel={props.onClose}
      okText={t('org.grants.file')} cancelText={t('org.structure.cancel')} okButtonProps={{ disabled: changes.length === 0 }} data-testid="duty-roles-dialog">
      <Typography.Paragraph>{t('org.grants.dutyHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('org.grants.dutyRoles')}>
          <Checkbox.Group value={wanted} onChange={setWanted} options={DUTIES.map((d) => ({ value: d, label: t(`org.platformRole.${d}`) }))} data-testid="duty-roles" />
        </Form.Item>
        <Form.Item label={t('org.grants.reason')} required>
          <Input.TextArea value={reason} onChange={setReason} maxLength={200} aria-label={t('org.grants.reason')} data-testid="duty-reason" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} />}
    </Modal>
  );
}
