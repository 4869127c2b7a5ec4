import { Button, Modal, Tabs, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggled, type OrgPickerProps, type PickedItem, type PickerKind } from '../../../shared/org/picker.ts';
import { DepartmentPane, ListPane, MemberPane, RoleGroupPane, type PaneProps } from './PickerPanes.tsx';
import './picker.css';

function Pane({ kind, ...pane }: PaneProps & { kind: PickerKind }) {
  if (kind === 'member') return <MemberPane {...pane} />;
  if (kind === 'department') return <DepartmentPane {...pane} />;
  if (kind === 'roleGroup') return <RoleGroupPane {...pane} />;
  return <ListPane kind={kind} {...pane} />;
}

/**
 * The one people picker (decision 0038): the field shows what is chosen as tags; the dialog has a tab per
 * kind — members (by department, search, keyset pages), departments (a tree loaded as it opens), posts, role groups,
 * user groups — and changes the value only on OK. Props and value: shared/org/picker.ts.
 */
export function OrgPicker({ kinds, value, onChange, multiple = false, placeholder, disabled, testId = 'org-picker' }: OrgPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PickedItem[] | null>(null);
  const [tab, setTab] = useState<PickerKind>(kinds[0] ?? 'member');
  const open = () => (setDraft([...value]), setTab(kinds[0] ?? 'member'));
  const close = () => setDraft(null);
  const pane: PaneProps = { testId: `${testId}-${tab}`, multiple, picked: draft ?? [], toggle: (item) => setDraft((old) => toggled(old ?? [], item, multiple)) };
  const tags = (items: readonly PickedItem[], remove: (item: PickedItem) => void, prefix: string) =>
    items.map((item) => (
      <Tag key={`${item.kind}:${item.id}`} closable={!disabled} onClose={() => remove(item)} data-testid={`${prefix}-tag`} aria-label={item.name}>
        {item.name}
      </Tag>
    ));
  return (
    <div className="qp-picker" data-testid={testId}>
      {tags(value, (item) => onChange(value.filter((v) => v !== item)), testId)}
      <Button size="small" disabled={disabled} onClick={open} data-testid={`${testId}-open`}>
        {placeholder ?? t('org.picker.open')}
      </Button>
      <Modal
        title={t('org.picker.title')}
        visible={draft !== null}
        onOk={() => (onChange(draft ?? []), close())}
        onCancel={close}
        okText={t('org.picker.ok')}
        cancelText={t('org.picker.cancel')}
        okButtonProps={{ 'data-testid': `${testId}-ok` } as object}
        style={{ width: 820, maxWidth: '96vw' }}
        unmountOnExit
      >
        {kinds.length > 1 && (
          <Tabs activeTab={tab} onChange={(key) => setTab(key as PickerKind)}>
            {kinds.map((kind) => (
              <Tabs.TabPane key={kind} title={<span data-testid={`${testId}-tab-${kind}`}>{t(`org.picker.kind.${kind}`)}</span>} />
            ))}
          </Tabs>
        )}
        <Pane key={tab} kind={tab} {...pane} />
        <div className="qp-picker-chosen" data-testid={`${testId}-chosen`}>
          <span>{t('org.picker.selected', { count: draft?.length ?? 0 })}</span>
          {tags(draft ?? [], (item) => setDraft((old) => (old ?? []).filter((v) => v !== item)), `${testId}-chosen`)}
          {!!draft?.length && (
            <Button size="mini" type="text" onClick={() => setDraft([])}>
              {t('org.picker.clear')}
            </Button>
          )}
        </div>
      </Modal>
    </div>
  );
}
