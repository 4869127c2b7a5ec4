import { Alert, Button, Checkbox, Message, Space, Spin, Tag } from '@arco-design/web-react';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel, SELF_EDIT_CHOICES, SELF_EDIT_PATH, type SelfEditField } from '../../../shared/org/member-fields.ts';
import { useServices } from '../../shell/services.tsx';
import { elementsRoundAtom, useMemberFields } from './member-fields-api.ts';

/** The label of a §3 field: the member dialog's, and the portrait (which the dialog does not edit) of its own. */
export const selfEditLabel = (field: SelfEditField) => (field === 'portrait' ? 'org.selfEdit.portrait' : `org.member.${field}`);

/**
 * `element/setting/member` (decision 0048): which §3 fields members may change about themselves in personal
 * settings (the "My info" tab's checks read this list). Extension fields carry their own flag, shown here for the full picture.
 */
export function SelfEditSettings() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const bump = useSetAtom(elementsRoundAtom);
  const { fields: extension } = useMemberFields();
  const [fields, setFields] = useState<SelfEditField[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.get<{ fields: SelfEditField[] }>(SELF_EDIT_PATH).then(
      (answer) => setFields(answer.data.fields),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);
  async function save() {
    setBusy(true);
    try {
      const answer = await api.put<{ fields: SelfEditField[] }>(SELF_EDIT_PATH, { fields: fields ?? [] }, { json: true });
      setFields(answer.data.fields);
      setError(null);
      Message.success(t('org.elements.saved'));
      bump((n) => n + 1);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }
  const ownFields = (extension ?? []).filter((f) => f.enabled && f.selfEdit);
  return (
    <div data-testid="self-edit-settings">
      <p className="qp-muted">{t('org.selfEdit.hint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" />}
      {!fields && !error && <Spin block loading />}
      {fields && (
        <>
          <div role="group" aria-label={t('org.selfEdit.title')} data-testid="self-edit-fields">
            <Checkbox.Group value={fields} onChange={(next: SelfEditField[]) => setFields(next)}>
              {SELF_EDIT_CHOICES.map((field) => (
                <Checkbox key={field} value={field} data-testid={`self-edit-${field}`}>
                  {t(selfEditLabel(field))}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </div>
          <p className="qp-muted qp-gap">
            {t('org.selfEdit.extension')}{' '}
            {ownFields.length ? ownFields.map((f) => <Tag key={f.id}>{fieldLabel(f, i18n.language)}</Tag>) : t('org.selfEdit.extensionNone')}
          </p>
          <Space className="qp-gap">
            <Button type="primary" loading={busy} onClick={() => void save()} data-testid="self-edit-save">
              {t('org.elements.save')}
            </Button>
          </Space>
        </>
      )}
    </div>
  );
}
