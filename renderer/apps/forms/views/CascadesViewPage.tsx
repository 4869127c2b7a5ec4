import { Alert, Button, Card, Form, Input, Message, Result, Spin, Switch, Typography } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { FormPicker } from '../detail/FormPicker.tsx';
import { CascadeView } from './components/CascadeView.tsx';
import { LevelsEditor } from './components/LevelsEditor.tsx';
import { useFormInfo, useSavedViews } from './hooks/use-form.ts';
import { routePath } from './links.ts';
import { autoConfig, cleanConfig, configProblems } from './model/view-config.ts';
import { viewsPath } from './records-api.ts';
import type { FormInfo, SavedView } from './types.ts';
import './views.css';

const VALID_ID = /^[0-9]{1,18}$/;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * The cascade view editor (route forms.cascadesView `app/edit/cascadesview?formId=&viewId=`): the levels of a
 * cascade filter, with the tree it gives shown live beside them. Without `viewId` it creates one.
 */
export function CascadesViewPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = one(match.query.formId);
  const viewId = one(match.query.viewId);
  const valid = VALID_ID.test(formId);
  const info = useFormInfo(valid ? formId : null);
  const saved = useSavedViews(valid ? formId : null);

  // Reached from the menu, with no form: choose one (the same pickers as the recycle bin).
  if (!formId) {
    return (
      <div className="qp-fv-page">
        <Typography.Title heading={5}>{t(match.route.title)}</Typography.Title>
        <FormPicker hint={t('forms.views.cascade.pick')} onPick={(id) => navigate(routePath(match, 'forms.cascadesView', {}, { formId: id }))} />
      </div>
    );
  }
  if (!valid) return <Result status="404" title={t('forms.formNotFound')} />;
  if (info.error || saved.error) return <Result status="error" title={t('common.fetchFailed')} subTitle={info.error ?? saved.error} />;
  if (!info.data || !saved.data) return <Spin className="qp-fv-loading" />;
  const view = viewId ? saved.data.find((v) => v.id === viewId && v.kind === 'cascade') : undefined;
  if (viewId && !view) return <Result status="404" title={t('forms.view.notFound')} data-testid="cascade-view-missing" />;
  return <CascadeEditor key={view?.id ?? 'new'} match={match} form={info.data} view={view} />;
}

function CascadeEditor({ match, form, view }: PageProps & { form: FormInfo; view: SavedView | undefined }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [name, setName] = useState(view?.name ?? t('forms.views.kind.cascade'));
  const [shared, setShared] = useState(view ? view.ownerId === null : false);
  const [levels, setLevels] = useState<string[]>(() => view?.config.levels ?? autoConfig('cascade', form.fields)?.levels ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const back = routePath(match, 'forms.appView', { appId: form.appId, module: form.id }, { viewId: view?.id });
  const config = cleanConfig('cascade', { ...view?.config, levels });
  const problems = configProblems('cascade', config, form.fields);

  async function save() {
    if (!name.trim()) return setProblem(t('forms.views.problem.name'));
    if (problems.length) return setProblem(t(problems[0]!));
    setSaving(true);
    try {
      const body = { name: name.trim(), kind: 'cascade', shared: form.can.design && shared, config };
      const answer = view ? await api.put<SavedView>(viewsPath(form.id, view.id), body, { json: true }) : await api.post<SavedView>(viewsPath(form.id), body, { json: true });
      setProblem(null);
      Message.success(t('forms.views.viewSaved'));
      if (!view) navigate(routePath(match, 'forms.cascadesView', {}, { formId: form.id, viewId: answer.data.id }), { replace: true });
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="qp-fv-page">
      <Button type="text" icon={<IconLeft />} href={back} data-testid="cascade-back">{t('forms.views.backToForm', { name: form.name })}</Button>
      <div className="qp-fv-cascade-editor">
        <Card title={view ? t('forms.views.cascade.editTitle') : t('forms.views.cascade.newTitle')} className="qp-fv-cascade-form">
          {problem && <Alert type="error" className="qp-gap" content={problem} data-testid="view-problems" />}
          <Form layout="vertical" autoComplete="off">
            <Form.Item label={t('forms.views.dialog.name')} required>
              <Input value={name} maxLength={60} onChange={setName} data-testid="view-name" />
            </Form.Item>
            {form.can.design && (
              <Form.Item label={t('forms.views.dialog.shared')} extra={t('forms.views.dialog.sharedHint')}>
                <Switch checked={shared} onChange={setShared} />
              </Form.Item>
            )}
            <Form.Item label={t('forms.views.config.levels')} required extra={t('forms.views.cascade.levelsHint')}>
              <LevelsEditor fields={form.fields} levels={levels} onChange={setLevels} />
            </Form.Item>
          </Form>
          <Button type="primary" long loading={saving} onClick={() => void save()} data-testid="view-save">{t('forms.views.dialog.save')}</Button>
        </Card>
        <Card title={t('forms.views.cascade.preview')} className="qp-fv-cascade-preview-card" data-testid="cascade-preview">
          <CascadeView formId={form.id} fields={form.fields} config={config} filter={config.filter} reloadKey={0} renderList={() => null} previewOnly />
        </Card>
      </div>
    </div>
  );
}
