import { Alert, Button, Card, Form, Input, Message, Modal, Space, Spin, Tag } from '@arco-design/web-react';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { MAIL_TEMPLATES_PATH } from '../../../shared/org/mail-settings.ts';
import { MAIL_TEMPLATE_LIMITS, isMailTemplateKey, mailTextProblem, renderMail, type MailTemplateKey, type MailText } from '../../../shared/org/mail-templates.ts';
import { TransportError } from '../../kernel/transport.ts';
import { usePageTitle } from '../../shell/page-title.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { mailTemplatesRoundAtom, marker, templateListPath, type MailTemplateView } from './mail-api.ts';

type Texts = Record<Language, MailText>;
const textsOf = (view: MailTemplateView): Texts => Object.fromEntries(LANGUAGES.map((l) => [l, { subject: view.texts[l].subject, body: view.texts[l].body }])) as Texts;

/**
 * enterprise/emailTemplateConfigEdit?key=… (spec §2.6, admin; decision 0041): one e-mail's subject and body in both
 * languages, with its placeholders (a click inserts one where the cursor was), a preview filled with sample values
 * by the same renderer the server sends with, save and reset to the default. The shared rules check before sending.
 */
export function EmailTemplateEditPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const bumpList = useSetAtom(mailTemplatesRoundAtom);
  const requested = Array.isArray(match.query['key']) ? match.query['key'][0] : match.query['key'];
  const key: MailTemplateKey | null = isMailTemplateKey(requested) ? requested : null;
  const [view, setView] = useState<MailTemplateView | null>(null);
  const [texts, setTexts] = useState<Texts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Where each body's cursor was when it lost focus (to a placeholder button): the insertion point.
  const carets = useRef<Partial<Record<Language, number>>>({});
  usePageTitle(match, key ? t('org.mail.editTitle', { name: t(`org.mail.templateName.${key}`) }) : null);

  useEffect(() => {
    if (!key) return;
    api.get<MailTemplateView>(`${MAIL_TEMPLATES_PATH}/${key}`).then(
      (answer) => (setView(answer.data), setTexts(textsOf(answer.data))),
      (failure: Error) => setError(failure.message),
    );
  }, [api, key]);

  if (!key) return <Alert type="error" content={t('org.mail.unknownKey')} className="qp-gap" data-testid="mail-template-unknown" />;
  if (!view || !texts) return error ? <Alert type="error" content={error} className="qp-gap" /> : <Spin block loading className="qp-gap" />;

  const setText = (language: Language, patch: Partial<MailText>) => setTexts({ ...texts, [language]: { ...texts[language], ...patch } });
  const insert = (language: Language, name: string) => {
    const body = texts[language].body;
    const at = Math.min(carets.current[language] ?? body.length, body.length);
    setText(language, { body: body.slice(0, at) + marker(name) + body.slice(at) });
    carets.current[language] = at + marker(name).length;
  };
  const done = (answer: { data: MailTemplateView; msg: string }) => {
    setView(answer.data);
    setTexts(textsOf(answer.data));
    setError(null);
    bumpList((n) => n + 1);
    Message.success(t(answer.msg));
  };

  async function save() {
    for (const language of LANGUAGES) {
      const problem = mailTextProblem(key!, texts![language]);
      if (problem) return setError(`${t(`org.mail.language.${language}`)}: ${t(problem.key, problem.params)}`);
    }
    setBusy(true);
    try {
      done(await api.put<MailTemplateView>(`${MAIL_TEMPLATES_PATH}/${key}`, texts!, { json: true }));
    } catch (failure) {
      const language = failure instanceof TransportError ? (failure.data as { language?: Language } | null)?.language : undefined;
      setError(language ? `${t(`org.mail.language.${language}`)}: ${(failure as Error).message}` : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    Modal.confirm({
      title: t('org.mail.reset'),
      content: t('org.mail.resetConfirm'),
      onOk: async () => {
        try {
          done(await api.delete<MailTemplateView>(`${MAIL_TEMPLATES_PATH}/${key}`));
        } catch (failure) {
          setError((failure as Error).message);
        }
      },
    });
  }

  // Opened from the list, back returns to it (kept by the page cache); opened on its own, it leads to a fresh list.
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(templateListPath(match)));

  return (
    <Card title={t('org.mail.editTitle', { name: t(`org.mail.templateName.${key}`) })} data-testid="mail-template-edit" extra={<Button onClick={back} data-testid="mail-template-back">{t('org.mail.back')}</Button>}>
      <p className="qp-muted">{t('org.mail.templatesHint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="mail-template-error" />}
      {LANGUAGES.map((language) => {
        const preview = renderMail(texts[language], view.samples[language]);
        const name = t(`org.mail.language.${language}`);
        return (
          <section key={language} aria-label={name} className="qp-gap" data-testid={`mail-template-${language}`}>
            <h3>
              {name} {view.texts[language].custom ? <Tag color="arcoblue">{t('org.mail.state.custom')}</Tag> : <Tag>{t('org.mail.state.default')}</Tag>}
            </h3>
            <Form layout="vertical" style={{ maxWidth: 760 }}>
              <Form.Item label={t('org.mail.subject')} required>
                <Input value={texts[language].subject} maxLength={MAIL_TEMPLATE_LIMITS.subject} onChange={(subject) => setText(language, { subject })} aria-label={`${name} ${t('org.mail.subject')}`} data-testid={`mail-subject-${language}`} />
              </Form.Item>
              <Form.Item label={t('org.mail.body')} required>
                <Input.TextArea value={texts[language].body} maxLength={MAIL_TEMPLATE_LIMITS.body} autoSize={{ minRows: 6, maxRows: 16 }} onChange={(body) => setText(language, { body })}
                  onBlur={(event) => (carets.current[language] = event.target.selectionStart)} aria-label={`${name} ${t('org.mail.body')}`} data-testid={`mail-body-${language}`} />
              </Form.Item>
            </Form>
            <Space wrap aria-label={`${name} ${t('org.mail.placeholders')}`}>
              <span className="qp-muted">{t('org.mail.placeholdersHint')}</span>
              {view.placeholders.map((p) => (
                <Button key={p} size="mini" onClick={() => insert(language, p)} aria-label={`${marker(p)} ${t(`org.mail.placeholder.${p}`)}`} data-testid={`mail-insert-${language}-${p}`}>
                  {`${marker(p)} ${t(`org.mail.placeholder.${p}`)}`}
                </Button>
              ))}
            </Space>
            <h4>{t('org.mail.preview')}</h4>
            <div style={{ border: '1px solid var(--color-border-2)', borderRadius: 4, padding: 12 }} data-testid={`mail-preview-${language}`}>
              <strong>{preview.subject}</strong>
              <div style={{ whiteSpace: 'pre-wrap' }}>{preview.body}</div>
            </div>
          </section>
        );
      })}
      <Space className="qp-gap">
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="mail-template-save">
          {t('org.mail.saveTemplate')}
        </Button>
        <Button onClick={reset} disabled={!LANGUAGES.some((l) => view.texts[l].custom)} data-testid="mail-template-reset">
          {t('org.mail.reset')}
        </Button>
      </Space>
    </Card>
  );
}
