import { Alert, Form, Input, Modal } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { PORTAL_LIMITS, type PortalDraft } from '../../../../shared/portal/model.ts';
import { portalProblems } from '../../../../shared/portal/validate.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { ImageField } from '../ImageField.tsx';

export interface InfoValue {
  name: string;
  description: string;
  cover: string | null;
  scope: PickedItem[];
}

/**
 * A portal's description: name (≤ 40), description, cover (640×400 jpg/png ≤ 2 MB) and scope by role groups through
 * the one org picker (empty = every member). The layout is the designer's; saving here keeps it.
 */
export function PortalInfoDialog({ title, initial, spaceUri, onSave, onClose }: { title: string; initial: InfoValue; spaceUri: string; onSave(value: InfoValue): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<InfoValue>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Problems show once the user has tried to save, not on an empty form that was just opened.
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<InfoValue>) => setValue((old) => ({ ...old, ...patch }));
  const draftOf = (v: InfoValue): PortalDraft => ({ terminal: 'web', name: v.name, description: v.description, cover: v.cover, roleGroups: [], components: [] });
  const problems = portalProblems(draftOf(value)).filter((p) => p.path === 'name' || p.path === 'description');
  const problem = (path: string) => (tried ? problems.find((p) => p.path === path) : undefined);

  async function save() {
    setTried(true);
    if (problems.length > 0) return setError(t(problems[0]!.key, problems[0]!.params));
    setBusy(true);
    try {
      await onSave({ ...value, name: value.name.trim() });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const status = (path: string) => (problem(path) ? 'error' : undefined);
  return (
    <Modal visible title={title} onOk={() => void save()} onCancel={onClose} confirmLoading={busy} okText={t('portal.ui.save')} cancelText={t('portal.ui.cancel')} okButtonProps={{ 'data-testid': 'portal-info-ok' } as object} unmountOnExit>
      <Form layout="vertical">
        <Form.Item label={t('portal.ui.field.name')} required validateStatus={status('name')} help={problem('name') && t(problem('name')!.key, problem('name')!.params)}>
          <Input value={value.name} onChange={(name) => set({ name })} maxLength={PORTAL_LIMITS.name} showWordLimit data-testid="portal-info-name" aria-label={t('portal.ui.field.name')} />
        </Form.Item>
        <Form.Item label={t('portal.ui.field.description')} validateStatus={status('description')}>
          <Input.TextArea value={value.description} onChange={(description) => set({ description })} maxLength={PORTAL_LIMITS.description} showWordLimit data-testid="portal-info-description" aria-label={t('portal.ui.field.description')} />
        </Form.Item>
        <Form.Item label={t('portal.ui.field.cover')}>
          <ImageField kind="cover" value={value.cover} onChange={(cover) => set({ cover })} spaceUri={spaceUri} testId="portal-info-cover" label={t('portal.ui.field.cover')} />
        </Form.Item>
        <Form.Item label={t('portal.ui.field.scope')} extra={t('portal.ui.scopeHint')}>
          <OrgPicker kinds={['roleGroup']} multiple value={value.scope} onChange={(scope) => set({ scope })} placeholder={t('portal.ui.pickScope')} testId="portal-info-scope" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} data-testid="portal-info-error" />}
    </Modal>
  );
}
