import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tabs } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ArticleInput, ManagedArticle } from '../../../../shared/api/console-access.ts';
import { HELP_CATEGORIES } from '../../../../shared/api/news.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { RichTextInput } from '../../forms/record-form/RichTextInput.tsx';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError, accessPath } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

const blank = (kind: ArticleInput['kind']): ArticleInput => ({
  kind, category: kind === 'help' ? 'start' : null, titleZh: '', titleEn: '', summaryZh: '', summaryEn: '', bodyZh: '', bodyEn: '', pinned: false, hidden: false, sort: 0,
});
/** The record form's rich-text editor needs only its field's label (for the editor's accessible name). */
const editorField = (label: string) => ({ label }) as FieldDef;

/**
 * `/sysop/helperDetail` (decision 0084): one help article or announcement in both languages. The body is rich
 * text; the server keeps only what its sanitiser allows and answers the cleaned body, which the editor then shows.
 */
export function HelperDetailPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const id = typeof match.query.id === 'string' ? match.query.id : null;
  const kind = match.query.kind === 'news' ? 'news' : 'help';
  const { data, error, reload } = useLoad(async () => (id ? (await api.get<ManagedArticle>(`${ACCESS_API}/articles/${id}`)).data : null), [id]);
  const [form, setForm] = useState<ArticleInput | null>(id ? null : blank(kind));
  const [saved, setSaved] = useState(false);
  const save = useSubmit<ManagedArticle>((article) => {
    setSaved(true);
    if (!id) navigate(accessPath('helperDetail', { id: article.id }), { replace: true });
    else setForm(inputOf(article));
  });
  useEffect(() => {
    if (data) setForm(inputOf(data));
  }, [data]);

  if (error) return <LoadError message={error} onRetry={() => void reload()} />;
  if (!form) return null;
  const set = (change: Partial<ArticleInput>) => (setSaved(false), setForm({ ...form, ...change }));
  const ready = form.titleZh.trim() && form.titleEn.trim() && form.bodyZh.trim() && form.bodyEn.trim();
  const submit = () =>
    save.submit(async () => (id ? await api.put<ManagedArticle>(`${ACCESS_API}/articles/${id}`, form, { json: true }) : await api.post<ManagedArticle>(`${ACCESS_API}/articles`, form, { json: true })).data);
  const language = (suffix: 'Zh' | 'En', label: string) => (
    <Tabs.TabPane key={suffix} title={label}>
      <Form.Item label={t('consoleAccess.article.title')} required>
        <Input aria-label={t('consoleAccess.article.title')} value={form[`title${suffix}`]} maxLength={suffix === 'Zh' ? 120 : 200} onChange={(v) => set({ [`title${suffix}`]: v })} data-testid={`article-title-${suffix}`} />
      </Form.Item>
      <Form.Item label={t('consoleAccess.article.summary')}>
        <Input.TextArea aria-label={t('consoleAccess.article.summary')} value={form[`summary${suffix}`]} maxLength={suffix === 'Zh' ? 300 : 600} onChange={(v) => set({ [`summary${suffix}`]: v })} />
      </Form.Item>
      <Form.Item label={t('consoleAccess.article.body')} required>
        <div data-testid={`article-body-${suffix}`}>
          <RichTextInput field={editorField(`${t('consoleAccess.article.body')} (${label})`)} value={form[`body${suffix}`]} onChange={(v) => set({ [`body${suffix}`]: typeof v === 'string' ? v : '' })} path={`body${suffix}`} errors={[]} />
        </div>
      </Form.Item>
    </Tabs.TabPane>
  );

  return (
    <Card title={id ? t('consoleAccess.article.edit') : t(`consoleAccess.article.new.${form.kind}`)} data-testid="helper-detail"
      extra={<Button onClick={() => navigate(accessPath('helperCenter'))}>{t('consoleAccess.article.back')}</Button>}>
      <Form layout="vertical" style={{ maxWidth: 860 }}>
        {form.kind === 'help' && (
          <Form.Item label={t('consoleAccess.article.category')} required>
            <Select aria-label={t('consoleAccess.article.category')} value={form.category ?? 'start'} onChange={(category: ArticleInput['category']) => set({ category })} options={HELP_CATEGORIES.map((c) => ({ value: c, label: t(`consoleAccess.article.category.${c}`) }))} />
          </Form.Item>
        )}
        <Tabs defaultActiveTab="Zh">
          {language('Zh', '中文')}
          {language('En', 'English')}
        </Tabs>
        <Space size="large" className="qp-gap">
          <span>{t('consoleAccess.article.pinned')} <Switch checked={form.pinned} onChange={(pinned) => set({ pinned })} /></span>
          <span>{t('consoleAccess.article.visible')} <Switch checked={!form.hidden} onChange={(on) => set({ hidden: !on })} /></span>
          <span>{t('consoleAccess.article.sort')} <InputNumber min={0} max={10000} precision={0} value={form.sort} onChange={(sort) => set({ sort: sort ?? 0 })} style={{ width: 100 }} /></span>
        </Space>
        {save.error && <Alert type="error" className="qp-gap" content={save.error} data-testid="article-error" />}
        {saved && <Alert type="success" className="qp-gap" content={t('consoleAccess.ui.saved')} data-testid="article-saved" />}
        <Button type="primary" loading={save.busy} disabled={!ready} onClick={() => void submit()} data-testid="article-save">{t('consoleAccess.ui.save')}</Button>
      </Form>
    </Card>
  );
}

function inputOf(article: ManagedArticle): ArticleInput {
  const { id: _id, rich: _rich, publishedAt: _at, ...input } = article;
  return input;
}
