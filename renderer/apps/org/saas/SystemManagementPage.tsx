import { Alert, Button, Card, Form, Input, Message, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/api/org-saas.ts';
import { SAAS_API, useSettingsDraft } from './saas-api.ts';

const EMAIL = /^$|^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PHONE = /^[0-9+()\- ]*$/;

/** systemmanagement (spec §2.6, saas): the provider's name and contacts as its spaces' members see them. */
export function SystemManagementPage() {
  const { t } = useTranslation();
  const { loaded, draft, setDraft, error, setError, busy, save: put } = useSettingsDraft<Profile>(`${SAAS_API}/profile`);

  async function save() {
    if (!draft) return;
    const problem = !draft.displayName.trim() ? 'saas.profile.nameRequired' : !EMAIL.test(draft.contactEmail.trim()) ? 'saas.profile.badEmail' : !PHONE.test(draft.contactPhone) ? 'saas.profile.badPhone' : null;
    if (problem) return setError(t(problem));
    if (await put({ ...draft, contactEmail: draft.contactEmail.trim() })) Message.success(t('saas.common.saved'));
  }

  if (loaded.error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: loaded.error })} action={<Button onClick={loaded.reload}>{t('saas.common.reload')}</Button>} />;
  if (!draft) return <Spin block loading className="qp-gap" />;
  const field = (key: keyof Profile, max: number, required = false) => (
    <Form.Item label={t(`saas.profile.${key}`)} required={required}>
      {key === 'serviceNote' ? (
        <Input.TextArea value={draft[key]} maxLength={max} onChange={(value) => setDraft({ ...draft, [key]: value })} data-testid={`saas-profile-${key}`} />
      ) : (
        <Input value={draft[key]} maxLength={max} onChange={(value) => setDraft({ ...draft, [key]: value })} data-testid={`saas-profile-${key}`} />
      )}
    </Form.Item>
  );
  return (
    <Card title={t('saas.profile.title')} className="qp-narrow-card" data-testid="saas-profile">
      <Alert type="info" content={t('saas.profile.hint')} className="qp-gap" />
      <Form layout="vertical" onSubmit={save}>
        {field('displayName', 100, true)}
        {field('contactName', 100)}
        {field('contactPhone', 30)}
        {field('contactEmail', 200)}
        {field('serviceNote', 1000)}
        {error && <Alert type="error" content={error} className="qp-gap" />}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="saas-profile-save">
          {t('saas.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
