import { Alert, Button, Card, Empty, Grid, Input, Spin } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactPage, ContactRow } from '../../../shared/org/contacts.ts';
import type { PickerDepartment } from '../../../shared/org/picker.ts';
import { rolesFor } from '../../../shared/permissions.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { LazyDepartmentTree } from '../../shell/picker/LazyDepartmentTree.tsx';
import { useServices } from '../../shell/services.tsx';
import { ContactCard } from './ContactCard.tsx';
import { ContactSettings } from './ContactSettings.tsx';
import './contacts.css';

const letterOf = (row: ContactRow) => (/^[a-z]/.test(row.initials) ? row.initials[0]!.toUpperCase() : '#');

/** The list under letter headings (the server sends it in pinyin order, so each letter comes once). */
function grouped(rows: ContactRow[], render: (row: ContactRow) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  rows.forEach((row, i) => {
    const letter = letterOf(row);
    if (i === 0 || letterOf(rows[i - 1]!) !== letter) {
      out.push(
        <div key={`letter-${letter}`} className="qp-contacts-letter" role="heading" aria-level={3}>
          {letter}
        </div>,
      );
    }
    out.push(render(row));
  });
  return out;
}

/**
 * The address book (organization/contacts and organization/usercontactinfo, every enterprise role; decision 0038):
 * departments on the left, loaded as they open; members in pinyin order with search by name, login ID, phone or
 * pinyin initials; a card per member. Administrators choose which card fields members see.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const roles = useAtomValue(sessionAtom)?.roles ?? [];
  const canSet = rolesFor('org.members.manage').some((role) => roles.includes(role));
  const [department, setDepartment] = useState<PickerDepartment | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState<ContactPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const [settings, setSettings] = useState(false);
  const fetchPage = (cursor: string | null) =>
    api.get<ContactPage>('/api/org/contacts', { params: { q: q || undefined, departmentId: department?.id, cursor: cursor ?? undefined } }).then((a) => a.data);

  useEffect(() => {
    let live = true;
    setPage(null);
    fetchPage(null).then(
      (next) => live && (setPage(next), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, q, department]);

  async function more() {
    if (!page?.next) return;
    try {
      const next = await fetchPage(page.next);
      setPage({ contacts: [...page.contacts, ...next.contacts], next: next.next });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const row = (c: ContactRow) => (
    <button key={c.id} type="button" className="qp-contacts-row" onClick={() => setCard(c.id)} data-testid="contact-row">
      <span className="qp-contacts-avatar" aria-hidden="true">
        {[...c.name][0]}
      </span>
      <span className="qp-contacts-who">
        <span>{c.name}</span>
        <span className="qp-contacts-sub">{[c.mainPost, c.departments.join('、')].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="qp-contacts-reach">{[c.phone, c.loginId].filter(Boolean).join(' · ')}</span>
    </button>
  );

  return (
    <Grid.Row gutter={16} data-testid="contacts">
      <Grid.Col span={7}>
        <Card title={t('org.contacts.departments')}>
          <Button long type={department ? 'text' : 'secondary'} onClick={() => setDepartment(null)} data-testid="contacts-all">
            {t('org.contacts.allMembers')}
          </Button>
          <LazyDepartmentTree testId="contacts-dept" selected={department?.id ?? null} onSelect={setDepartment} />
        </Card>
      </Grid.Col>
      <Grid.Col span={17}>
        <Card
          title={department?.name ?? t('org.contacts.allMembers')}
          extra={
            canSet && (
              <Button icon={<IconSettings />} onClick={() => setSettings(true)} data-testid="contacts-settings">
                {t('org.contacts.settings')}
              </Button>
            )
          }
        >
          <Input.Search
            allowClear
            placeholder={t('org.contacts.search')}
            aria-label={t('org.contacts.search')}
            onChange={(text) => setQ(text.trim())}
            onSearch={(text) => setQ(text.trim())}
            data-testid="contacts-search"
            className="qp-gap"
          />
          {error && <Alert type="error" content={`${t('org.contacts.loadFailed')}: ${error}`} className="qp-gap" />}
          {!page && !error && <Spin block loading />}
          {page?.contacts.length === 0 && <Empty description={t('org.contacts.empty')} />}
          {page && <div className="qp-contacts-list">{grouped(page.contacts, row)}</div>}
          {page?.next && (
            <Button long onClick={() => void more()} className="qp-gap" data-testid="contacts-more">
              {t('org.contacts.more')}
            </Button>
          )}
        </Card>
      </Grid.Col>
      <ContactCard id={card} onClose={() => setCard(null)} />
      <ContactSettings visible={settings} onClose={() => setSettings(false)} />
    </Grid.Row>
  );
}
