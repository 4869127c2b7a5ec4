import { Alert, Button, Card, Divider, Spin, Table, Tag } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normaliseLanguage } from '../../../shared/i18n/index.ts';
import { MAIL_SETTINGS_PATH, MAIL_TEMPLATES_PATH, type MailSettingsView } from '../../../shared/org/mail-settings.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { MailSettingsForm } from './MailSettingsForm.tsx';
import { mailTemplatesRoundAtom, marker, templateEditPath, type MailTemplateView } from './mail-api.ts';

/**
 * emailTemplateConfig (spec §2.6, admin; decision 0041): the space's outgoing mail server with a real test send, and
 * the list of the platform's e-mails with their state in each language; a template opens in
 * enterprise/emailTemplateConfigEdit.
 */
export function EmailTemplateConfigPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const round = useAtomValue(mailTemplatesRoundAtom);
  const [view, setView] = useState<MailSettingsView | null>(null);
  const [templates, setTemplates] = useState<MailTemplateView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const language = normaliseLanguage(i18n.language) ?? 'zh-CN';

  useEffect(() => {
    api.get<MailSettingsView>(MAIL_SETTINGS_PATH).then(
      (answer) => setView(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  useEffect(() => {
    api.get<{ templates: MailTemplateView[] }>(MAIL_TEMPLATES_PATH).then(
      (answer) => setTemplates(answer.data.templates),
      (failure: Error) => setError(failure.message),
    );
  }, [api, round]);

  if (error && !view) return <Alert type="error" content={error} className="qp-gap" />;
  if (!view) return <Spin block loading className="qp-gap" />;

  return (
    <Card title={t('org.mail.title')} data-testid="mail-settings">
      <p className="qp-muted">{t('org.mail.hint')}</p>
      <MailSettingsForm view={view} onSaved={setView} />
      <Divider />
      <section aria-labelledby="qp-mail-templates">
        <h3 id="qp-mail-templates">{t('org.mail.templates')}</h3>
        <p className="qp-muted">{t('org.mail.templatesHint')}</p>
        {error && <Alert type="error" content={error} className="qp-gap" />}
        <Table
          rowKey="key"
          loading={!templates}
          pagination={false}
          data={templates ?? []}
          data-testid="mail-templates"
          columns={[
            { title: t('org.mail.template'), render: (_: unknown, row: MailTemplateView) => t(`org.mail.templateName.${row.key}`) },
            { title: t('org.mail.subjectColumn'), render: (_: unknown, row: MailTemplateView) => row.texts[language].subject },
            {
              title: t('org.mail.placeholders'),
              render: (_: unknown, row: MailTemplateView) => <span className="qp-muted">{row.placeholders.map(marker).join(' ')}</span>,
            },
            {
              title: t('org.mail.state'),
              render: (_: unknown, row: MailTemplateView) =>
                LANGUAGES.map((l) => (
                  <Tag key={l} color={row.texts[l].custom ? 'arcoblue' : undefined} data-testid={`mail-state-${row.key}-${l}`}>
                    {`${t(`org.mail.language.${l}`)}: ${t(row.texts[l].custom ? 'org.mail.state.custom' : 'org.mail.state.default')}`}
                  </Tag>
                )),
            },
            {
              title: t('org.mail.edit'),
              render: (_: unknown, row: MailTemplateView) => (
                <Button type="text" href={templateEditPath(match, row.key)} aria-label={`${t('org.mail.edit')} ${t(`org.mail.templateName.${row.key}`)}`} data-testid={`mail-edit-${row.key}`}>
                  {t('org.mail.edit')}
                </Button>
              ),
            },
          ]}
        />
      </section>
    </Card>
  );
}
