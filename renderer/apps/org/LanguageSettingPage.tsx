import { Alert, Button, Card, Form, Input, Modal, Space, Spin, Table, Tag, Typography } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { useServices } from '../../shell/services.tsx';

interface Entry { key: string; base: Record<Language, string>; override: Record<Language, string | null> }
const LANGUAGE_LABELS: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

/**
 * languagesetting and applanguagesetting (spec §2.6): the space's own wording. Search any platform string by key or
 * text, override it in either language (its placeholders kept), or go back to the platform's text. A saved word
 * shows at once on this screen and reaches every other member's next page load through the dictionary's version.
 */
export function LanguageSettingPage() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [editing, setEditing] = useState<{ entry: Entry; draft: Record<Language, string> } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    api.get('/api/org/dictionary').then(
      (answer) => setEntries((answer.data as { entries: Entry[] }).entries),
      (failure: Error) => setError(failure.message),
    );
  }, [api, round]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (entries ?? []).filter((e) =>
      (!onlyChanged || LANGUAGES.some((l) => e.override[l] !== null)) &&
      (!q || e.key.toLowerCase().includes(q) || LANGUAGES.some((l) => (e.override[l] ?? e.base[l]).toLowerCase().includes(q))));
  }, [entries, query, onlyChanged]);

  async function save() {
    if (!editing) return;
    setBusy(true);
    setProblem(null);
    try {
      for (const language of LANGUAGES) {
        const text = editing.draft[language].trim();
        const before = editing.entry.override[language];
        const path = `/api/org/dictionary/${language}/${encodeURIComponent(editing.entry.key)}`;
        if (text && text !== before && text !== editing.entry.base[language]) await api.put(path, { text }, { json: true });
        else if ((!text || text === editing.entry.base[language]) && before !== null) await api.delete(path);
        // This screen shows the new words at once; other pages and members get them with the next dictionary load.
        i18n.addResource(language, 'translation', editing.entry.key, text || editing.entry.base[language]);
      }
      setEditing(null);
      setRound((n) => n + 1);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (error) return <Alert type="error" content={error} className="qp-gap" />;
  if (!entries) return <Spin block loading className="qp-gap" />;
  const cell = (language: Language) => (_: unknown, e: Entry) =>
    e.override[language] !== null ? <span><Tag size="small" color="arcoblue">{t('org.language.custom')}</Tag> {e.override[language]}</span> : <Typography.Text type="secondary">{e.base[language]}</Typography.Text>;
  return (
    <Card title={t('org.language.title')} data-testid="language-setting">
      <Typography.Paragraph type="secondary">{t('org.language.hint')}</Typography.Paragraph>
      <Space className="qp-gap" wrap>
        <Input.Search allowClear style={{ width: 320 }} placeholder={t('org.language.search')} aria-label={t('org.language.search')} onChange={setQuery} data-testid="language-search" />
        <Button type={onlyChanged ? 'primary' : 'secondary'} onClick={() => setOnlyChanged(!onlyChanged)}>{t('org.language.onlyChanged')}</Button>
      </Space>
      <Table rowKey="key" data={shown} pagination={{ pageSize: 20, showTotal: true }} noDataElement={t('org.language.empty')} data-testid="language-table"
        columns={[
          { title: t('org.language.key'), dataIndex: 'key', width: 260 },
          ...LANGUAGES.map((language) => ({ title: LANGUAGE_LABELS[language], dataIndex: language, render: cell(language) })),
          {
            title: t('org.posts.actions'), dataIndex: 'actions', width: 100,
            render: (_: unknown, e: Entry) => (
              <Button size="mini" onClick={() => (setProblem(null), setEditing({ entry: e, draft: { 'zh-CN': e.override['zh-CN'] ?? e.base['zh-CN'], en: e.override.en ?? e.base.en } }))} data-testid={`language-edit-${e.key}`}>
                {t('org.posts.edit')}
              </Button>
            ),
          },
        ]} />
      {editing && (
        <Modal visible title={editing.entry.key} confirmLoading={busy} onOk={save} onCancel={() => setEditing(null)} okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}>
          <Form layout="vertical">
            {LANGUAGES.map((language) => (
              <Form.Item key={language} label={LANGUAGE_LABELS[language]} extra={`${t('org.language.platformText')}: ${editing.entry.base[language]}`}>
                <Input.TextArea value={editing.draft[language]} maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} aria-label={LANGUAGE_LABELS[language]} data-testid={`language-text-${language}`}
                  onChange={(text) => setEditing({ ...editing, draft: { ...editing.draft, [language]: text } })} />
              </Form.Item>
            ))}
          </Form>
          {problem && <Alert type="error" content={problem} data-testid="language-error" />}
        </Modal>
      )}
    </Card>
  );
}
