import { Alert, Form, Input, Modal, Select, Switch } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_MAX } from '../../../../../shared/constants.ts';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { useServices } from '../../../../shell/services.tsx';
import { fromFilterGroup, toFilterGroup } from '../model/filter-model.ts';
import { VIEW_KIND_ORDER, autoConfig, cleanConfig, configProblems, parsePageSize } from '../model/view-config.ts';
import { viewsPath } from '../records-api.ts';
import type { SavedView, ViewConfig, ViewKind } from '../types.ts';
import { ViewConfigEditor, type ConfigDraft } from './ViewConfigEditor.tsx';

const NAME_MAX = 60;

/** What the dialog opens with: a saved view to edit, or the kind and config of a new one. */
export interface ViewDialogStart {
  view?: SavedView;
  name?: string;
  kind: ViewKind;
  config: ViewConfig;
  shared?: boolean;
}

interface Props {
  formId: string;
  fields: readonly FieldDef[];
  /** Admins may share a view with everyone (the server refuses others). */
  canShare: boolean;
  start: ViewDialogStart;
  onClose(): void;
  onSaved(view: SavedView): void;
}

const draftOf = (config: ViewConfig): ConfigDraft => ({ config, pageSizeText: config.pageSize ? String(config.pageSize) : '', filter: fromFilterGroup(config.filter) });

/** New view / edit view: name, kind, shared, and the kind's settings → POST or PUT …/views. */
export function ViewDialog({ formId, fields, canShare, start, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const editing = start.view;
  const [name, setName] = useState(start.name ?? editing?.name ?? '');
  const [kind, setKind] = useState<ViewKind>(start.kind);
  const [shared, setShared] = useState(start.shared ?? (editing ? editing.ownerId === null : false));
  const [draft, setDraft] = useState<ConfigDraft>(() => draftOf(start.config));
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const changeKind = (next: ViewKind) => {
    setKind(next);
    // Pre-select fitting fields for the new kind, keeping what the user already chose.
    const prefilled = autoConfig(next, fields, draft.config);
    if (prefilled) setDraft({ ...draft, config: { ...draft.config, ...prefilled, filter: draft.config.filter } });
  };

  async function save() {
    const found: string[] = [];
    if (!name.trim()) found.push(t('forms.views.problem.name'));
    const pageSize = draft.pageSizeText.trim() ? parsePageSize(draft.pageSizeText) : undefined;
    if (pageSize === null) found.push(t('forms.views.problem.pageSize', { max: PAGE_SIZE_MAX }));
    const config = cleanConfig(kind, { ...draft.config, pageSize: pageSize ?? undefined, filter: toFilterGroup(fields, draft.filter) });
    found.push(...configProblems(kind, config, fields).filter((k) => k !== 'forms.views.problem.pageSize').map((k) => t(k, { max: PAGE_SIZE_MAX })));
    setProblems(found);
    if (found.length) return;
    setSaving(true);
    try {
      const body = { name: name.trim(), kind, shared: canShare && shared, config };
      const answer = editing ? await api.put<SavedView>(viewsPath(formId, editing.id), body, { json: true }) : await api.post<SavedView>(viewsPath(formId), body, { json: true });
      onSaved(answer.data);
    } catch (failure) {
      // 422 (bad config), 403 (sharing without being admin), 409 (overlapping bookings): the server's own words.
      setProblems([(failure as Error).message]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      visible
      className="qp-fv-view-dialog"
      title={editing ? t('forms.views.dialog.editTitle') : t('forms.views.dialog.newTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('forms.views.dialog.save')}
      cancelText={t('forms.views.cancel')}
      okButtonProps={{ 'data-testid': 'view-save' } as object}
      style={{ width: 760 }}
      unmountOnExit
    >
      {problems.length > 0 && <Alert type="error" className="qp-gap" data-testid="view-problems" content={problems.map((p, i) => <div key={i}>{p}</div>)} />}
      <Form layout="vertical" autoComplete="off">
        <Form.Item label={t('forms.views.dialog.name')} required>
          <Input value={name} maxLength={NAME_MAX} showWordLimit onChange={setName} placeholder={t('forms.views.dialog.namePlaceholder')} data-testid="view-name" />
        </Form.Item>
        <Form.Item label={t('forms.views.dialog.kind')}>
          <Select value={kind} onChange={changeKind} data-testid="view-kind-select" options={VIEW_KIND_ORDER.map((k) => ({ value: k, label: t(`forms.views.kind.${k}`) }))} />
        </Form.Item>
        {canShare && (
          <Form.Item label={t('forms.views.dialog.shared')} extra={t('forms.views.dialog.sharedHint')}>
            <Switch checked={shared} onChange={setShared} data-testid="view-shared" />
          </Form.Item>
        )}
        <ViewConfigEditor kind={kind} fields={fields} value={draft} onChange={setDraft} />
      </Form>
    </Modal>
  );
}
