import { Alert, Button, Spin, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactFieldLabel, type ContactSettings as Settings } from '../../../shared/org/contacts.ts';
import { useServices } from '../../shell/services.tsx';
import { ContactSettings } from './ContactSettings.tsx';

/**
 * `element/setting/contacts` (decision 0048): the address book's card-field setting of decision 0038, as it stands,
 * with the address book's own dialog to change it (mounted, not copied, so the two never drift apart).
 */
export function ContactSettingsPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    api.get<Settings>('/api/org/contacts/settings').then(
      (answer) => setSettings(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api, round]);
  return (
    <div data-testid="contact-settings-panel">
      <p className="qp-muted">{t('org.contacts.settingsHint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" />}
      {!settings && !error && <Spin block loading />}
      {settings && (
        <p data-testid="contact-settings-current">
          {t('org.elements.contactsVisible')}{' '}
          {settings.visibleFields.length ? settings.visibleFields.map((f) => <Tag key={f}>{t(contactFieldLabel(f))}</Tag>) : t('org.elements.contactsNone')}
        </p>
      )}
      <p className="qp-muted">{t('org.elements.contactsExtension')}</p>
      <Button type="primary" onClick={() => setOpen(true)} disabled={!settings} data-testid="contact-settings-open">
        {t('org.contacts.settings')}
      </Button>
      <ContactSettings
        visible={open}
        onClose={() => {
          setOpen(false);
          setRound((n) => n + 1);
        }}
      />
    </div>
  );
}
