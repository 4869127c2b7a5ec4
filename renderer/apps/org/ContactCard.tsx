import { Alert, Descriptions, Modal, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_FIELDS, contactFieldLabel, type ContactCard as Card } from '../../../shared/org/contacts.ts';
import type { CardField } from '../../../shared/org/member-fields.ts';
import { useServices } from '../../shell/services.tsx';

const shown = (value: unknown): string => (Array.isArray(value) ? value.join('、') : value === null || value === undefined || value === '' ? '—' : String(value));

/**
 * A member's card: name, departments and main post, then the §3 fields the server sent — those the viewer may see.
 * The server leaves hidden fields out, so the card shows exactly what arrived.
 */
export function ContactCard({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  // Extension fields (decision 0048) come labelled in the viewer's language, only those the viewer may see.
  const [card, setCard] = useState<(Card & { fields?: CardField[] }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setCard(null);
    setError(null);
    api.get<Card & { fields?: CardField[] }>(`/api/org/contacts/${id}`).then(
      (answer) => live && setCard(answer.data),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, id]);
  const value = (field: (typeof CONTACT_FIELDS)[number]) => (field === 'gender' && card?.gender ? t(`org.contacts.gender.${card.gender}`) : shown(card?.[field]));
  const rows = card
    ? [
        { label: t(contactFieldLabel('departments')), value: shown(card.departments) },
        { label: t(contactFieldLabel('mainPost')), value: shown(card.mainPost) },
        ...CONTACT_FIELDS.filter((field) => field in card).map((field) => ({ label: t(contactFieldLabel(field)), value: value(field) })),
        ...(card.fields ?? []).map((field) => ({ label: field.label, value: shown(field.value) })),
      ]
    : [];
  return (
    <Modal title={card?.name ?? t('org.contacts.card')} visible={id !== null} onCancel={onClose} footer={null} unmountOnExit>
      <div data-testid="contact-card">
        {error && <Alert type="error" content={error} />}
        {!card && !error && <Spin block loading />}
        {card && <Descriptions column={1} data={rows} labelStyle={{ width: 120 }} />}
      </div>
    </Modal>
  );
}
