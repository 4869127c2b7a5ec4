import { Button, Popconfirm, Space, type ButtonProps } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconMessage, IconPrinter, IconQrcode, IconSave, IconShareAlt, IconSwap } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { RecordCan } from './types.ts';

interface ActionBarProps {
  can: RecordCan;
  /** The space's data-sharing policy lets this viewer print (decision 0046): the form's `can.print`. */
  canPrint: boolean;
  /** The space's web chat switch is on: the record can be discussed in qChat (decision 0052). */
  canChat: boolean;
  editing: boolean;
  saving: boolean;
  qrHref: string;
  onEdit(): void;
  onSave(): void;
  onCancel(): void;
  onDelete(): void;
  onShare(): void;
  onTransfer(): void;
  onChat(): void;
}

/**
 * The record's actions. Those the server says this user may not do are not shown at all (`can` of the record
 * answer); the server still checks each call, and its refusal is shown where the action was started.
 */
export function ActionBar({ can, canPrint, canChat, editing, saving, qrHref, onEdit, onSave, onCancel, onDelete, onShare, onTransfer, onChat }: ActionBarProps) {
  const { t } = useTranslation();
  if (editing) {
    return (
      <Space className="qp-fd-actions qp-fd-noprint" wrap>
        <Button type="primary" icon={<IconSave />} loading={saving} onClick={onSave} data-testid="detail-save">
          {t('forms.detail.action.save')}
        </Button>
        <Button onClick={onCancel} disabled={saving} data-testid="detail-cancel">
          {t('forms.detail.action.cancel')}
        </Button>
      </Space>
    );
  }
  return (
    <Space className="qp-fd-actions qp-fd-noprint" wrap>
      {can.modify && (
        <Button type="primary" icon={<IconEdit />} onClick={onEdit} data-testid="detail-edit">
          {t('forms.detail.action.edit')}
        </Button>
      )}
      {can.share && (
        <Button icon={<IconShareAlt />} onClick={onShare} data-testid="detail-share">
          {t('forms.detail.action.share')}
        </Button>
      )}
      {can.transfer && (
        <Button icon={<IconSwap />} onClick={onTransfer} data-testid="detail-transfer">
          {t('forms.detail.action.transfer')}
        </Button>
      )}
      {canChat && (
        <Button icon={<IconMessage />} onClick={onChat} data-testid="detail-chat">
          {t('chat.fromRecord.button')}
        </Button>
      )}
      {canPrint && (
        <Button icon={<IconPrinter />} onClick={() => window.print()} data-testid="detail-print">
          {t('forms.detail.action.print')}
        </Button>
      )}
      <Button icon={<IconQrcode />} href={qrHref} target="_blank" data-testid="detail-qrcode">
        {t('forms.detail.action.qrcode')}
      </Button>
      {can.delete && (
        <Popconfirm
          title={t('forms.detail.delete.confirm')}
          content={t('forms.detail.delete.confirmHint')}
          onOk={onDelete}
          okButtonProps={{ status: 'danger', 'data-testid': 'detail-delete-ok' } as ButtonProps}
        >
          <Button status="danger" icon={<IconDelete />} data-testid="detail-delete">
            {t('forms.detail.action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
