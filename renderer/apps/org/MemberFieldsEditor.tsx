import { Alert, Button, Empty, Message, Popconfirm, Space, Spin, Switch, Table, Tag } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp } from '@arco-design/web-react/icon';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel, MEMBER_FIELDS_PATH, type MemberFieldDraft } from '../../../shared/org/member-fields.ts';
import { useServices } from '../../shell/services.tsx';
import { MemberFieldDialog } from './MemberFieldDialog.tsx';
import { elementsRoundAtom, moved, useMemberFields, type MemberFieldRow } from './member-fields-api.ts';

const draftOf = ({ label, labelEn, kind, options, required, onCard, selfEdit, enabled }: MemberFieldRow): MemberFieldDraft => ({ label, labelEn, kind, options, required, onCard, selfEdit, enabled });

/**
 * The member extension fields of the space (§2.6 `extension` and `element/setting/extension`; decision 0048): up
 * to 30, in the order the member dialog and the card show them. Fields move up and down, are switched on and off
 * in place, and are deleted after a confirmation that says how many members' values go with them.
 */
export function MemberFieldsEditor() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const bump = useSetAtom(elementsRoundAtom);
  const { fields, setFields, max, error } = useMemberFields();
  const [editing, setEditing] = useState<MemberFieldRow | 'new' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await work();
      setActionError(null);
      if (done) Message.success(t(done));
    } catch (failure) {
      setActionError((failure as Error).message);
    } finally {
      setBusy(false);
      // Reload whatever happened: after a refusal the list shows what is really saved.
      bump((n) => n + 1);
    }
  }

  const move = (id: string, delta: -1 | 1) => {
    const ids = fields && moved(fields.map((f) => f.id), id, delta);
    if (!ids || !fields) return;
    setFields(ids.map((i) => fields.find((f) => f.id === i)!));
    void act(() => api.put(`${MEMBER_FIELDS_PATH}/order`, { ids }, { json: true }));
  };
  const remove = (row: MemberFieldRow) => act(() => api.delete(`${MEMBER_FIELDS_PATH}/${row.id}`, row.valueCount ? { params: { values: 'remove' } } : {}), 'org.fields.deleted');

  const name = (row: MemberFieldRow) => fieldLabel(row, i18n.language);
  const yes = (on: boolean) => (on ? <Tag color="green">{t('org.elements.yes')}</Tag> : <span className="qp-muted">{t('org.elements.no')}</span>);
  const columns = [
    {
      title: t('org.fields.label'),
      render: (_: unknown, row: MemberFieldRow) => (
        <span data-testid={`field-row-${row.label}`}>
          {row.label}
          {row.labelEn && <span className="qp-muted"> · {row.labelEn}</span>}
        </span>
      ),
    },
    {
      title: t('org.fields.kind'),
      render: (_: unknown, row: MemberFieldRow) => (
        <span>
          <Tag>{t(`org.fields.kind.${row.kind}`)}</Tag>
          {row.kind === 'select' && <span className="qp-muted">{row.options.join(' / ')}</span>}
        </span>
      ),
    },
    { title: t('org.fields.required'), render: (_: unknown, row: MemberFieldRow) => yes(row.required) },
    { title: t('org.fields.onCardShort'), render: (_: unknown, row: MemberFieldRow) => yes(row.onCard) },
    { title: t('org.fields.selfEditShort'), render: (_: unknown, row: MemberFieldRow) => yes(row.selfEdit) },
    { title: t('org.fields.values'), render: (_: unknown, row: MemberFieldRow) => row.valueCount },
    {
      title: t('org.fields.enabled'),
      render: (_: unknown, row: MemberFieldRow) => (
        <Switch size="small" checked={row.enabled} disabled={busy} aria-label={t('org.fields.enableOf', { label: name(row) })} data-testid={`field-enabled-${row.label}`}
          onChange={(on: boolean) => void act(() => api.put(`${MEMBER_FIELDS_PATH}/${row.id}`, { ...draftOf(row), enabled: on }, { json: true }))} />
      ),
    },
    {
      title: t('org.elements.actions'),
      render: (_: unknown, row: MemberFieldRow) => (
        <Space size={4}>
          <Button size="mini" icon={<IconArrowUp />} disabled={busy} aria-label={t('org.fields.moveUp', { label: name(row) })} onClick={() => move(row.id, -1)} data-testid={`field-up-${row.label}`} />
          <Button size="mini" icon={<IconArrowDown />} disabled={busy} aria-label={t('org.fields.moveDown', { label: name(row) })} onClick={() => move(row.id, 1)} data-testid={`field-down-${row.label}`} />
          <Button size="mini" type="text" onClick={() => setEditing(row)} data-testid={`field-edit-${row.label}`}>
            {t('org.elements.edit')}
          </Button>
          <Popconfirm
            title={row.valueCount ? t('org.fields.deleteWithValues', { label: name(row), count: row.valueCount }) : t('org.fields.deleteConfirm', { label: name(row) })}
            onOk={() => remove(row)}
          >
            <Button size="mini" type="text" status="danger" data-testid={`field-delete-${row.label}`}>
              {t('org.elements.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const full = !!fields && fields.length >= max;
  return (
    <div data-testid="member-fields">
      <p className="qp-muted">{t('org.fields.hint', { max })}</p>
      <Space className="qp-gap">
        <Button type="primary" disabled={!fields || full} onClick={() => setEditing('new')} data-testid="fields-add">
          {t('org.fields.add')}
        </Button>
        {fields && <span className="qp-muted" data-testid="fields-count">{t('org.fields.count', { n: fields.length, max })}</span>}
      </Space>
      {error && <Alert type="error" className="qp-gap" content={error} />}
      {actionError && <Alert type="error" className="qp-gap" content={actionError} closable onClose={() => setActionError(null)} data-testid="fields-error" />}
      {!fields && !error && <Spin block loading className="qp-gap" />}
      {fields && fields.length === 0 && <Empty description={t('org.fields.empty')} data-testid="fields-empty" />}
      {fields && fields.length > 0 && <Table rowKey="id" columns={columns} data={fields} pagination={false} data-testid="fields-table" />}
      {editing && (
        <MemberFieldDialog
          field={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            Message.success(t('org.elements.saved'));
            bump((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
