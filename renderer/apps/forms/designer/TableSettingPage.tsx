import { Alert, Button, Card, Layout, Result, Space, Spin, Tabs, Tag, Typography } from '@arco-design/web-react';
import { IconBranch, IconEye, IconHistory, IconLeft, IconSave, IconSend } from '@arco-design/web-react/icon';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FieldType } from '../../../../shared/forms/fields.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import type { PageProps } from '../../types.ts';
import { useErrorText } from '../record-form/validation.ts';
import { routePath } from '../views/links.ts';
import { Canvas } from './Canvas.tsx';
import { DesignerDnd } from './designer-dnd.tsx';
import { newField } from './field-catalog.tsx';
import { FormInfo } from './FormInfo.tsx';
import { Palette } from './Palette.tsx';
import { handOff, withdraw } from './preview-handoff.ts';
import { PropertyPanel } from './PropertyPanel.tsx';
import { useDesigner } from './use-designer.ts';
import { VersionDrawer } from './VersionDrawer.tsx';
import './designer.css';

const VALID_ID = /^[0-9]{1,18}$/;
// The process designer (workflow app) is its own chunk, loaded only when opened from here.
const FlowDesigner = lazy(() => import('../../workflow/designer/FlowDesigner.tsx').then((m) => ({ default: m.FlowDesigner })));
const PREVIEW_ROUTE = ROUTES.find((r) => r.id === 'forms.designerPreview')!;

/**
 * The form designer (route forms.tableSetting): palette, canvas and properties of the form `tableId` of app
 * `appId`; `appType` and `version` only keep the route's historical shape. Saves the draft, publishes versions.
 */
export function TableSettingPage({ match }: PageProps) {
  const { t } = useTranslation();
  const formId = match.params['tableId'] ?? '';
  const appId = match.params['appId'] ?? '';
  if (!VALID_ID.test(formId)) return <Result status="404" title={t('forms.formNotFound')} />;
  const back = /^[0-9]{1,18}$/.test(appId) ? routePath(match, 'forms.appView', { appId, module: formId }) : null;
  return <Designer formId={formId} appId={appId} spaceId={match.spaceId} spaced={match.spaceUri !== ''} back={back} />;
}

function Designer({ formId, appId, spaceId, spaced, back }: { formId: string; appId: string; spaceId: string | null; spaced: boolean; back: string | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const designer = useDesigner(formId);
  const { form, fields, change, newKey, problems } = designer;
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState('field');
  const [history, setHistory] = useState(false);
  const [flow, setFlow] = useState(false);
  const field = fields.find((f) => f.key === selected) ?? null;
  const sections = useMemo(() => [...new Set(fields.map((f) => f.section?.trim()).filter((s): s is string => !!s))], [fields]);
  const formProblems = problems.filter((p) => p.field === '' || !fields.some((f) => p.field === f.key || p.field.startsWith(`${f.key}.`)));

  if (!form) {
    if (designer.loadError) {
      return <Result status="error" title={t('common.fetchFailed')} subTitle={designer.loadError} extra={<Button type="primary" onClick={() => void designer.load()}>{t('forms.ui.designer.retry')}</Button>} />;
    }
    return <Spin className="qp-fd-loading" tip={t('forms.ui.designer.loading')} />;
  }

  const select = (key: string) => {
    setSelected(key);
    setTab('field');
  };
  const add = (type: FieldType, index?: number) => {
    const created = newField(type, newKey(), t, newKey);
    const at = index ?? (selected ? fields.findIndex((f) => f.key === selected) + 1 : fields.length);
    change([...fields.slice(0, at), created, ...fields.slice(at)]);
    select(created.key);
  };
  const move = (key: string, by: -1 | 1) => {
    const index = fields.findIndex((f) => f.key === key);
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(Math.min(Math.max(index + by, 0), next.length), 0, moved!);
    change(next);
  };
  const remove = (key: string) => {
    change(fields.filter((f) => f.key !== key));
    if (selected === key) setSelected(null);
  };
  const duplicate = (key: string) => {
    const source = fields.find((f) => f.key === key);
    if (!source) return;
    // A copy is a new field: new keys (its columns too), and not a second title.
    const copy: FieldDef = { ...structuredClone(source), key: newKey(), label: t('forms.ui.designer.copyOf', { label: source.label }), title: false };
    if (copy.columns) copy.columns = copy.columns.map((c) => ({ ...c, key: newKey() }));
    const at = fields.findIndex((f) => f.key === key) + 1;
    change([...fields.slice(0, at), copy, ...fields.slice(at)]);
    select(copy.key);
  };
  const preview = (version: string) => {
    if (version === 'draft') handOff(formId, fields);
    const path = buildPath(PREVIEW_ROUTE, { spaceId: spaceId ?? '0', module: 'form', appId: appId || '0', tableId: formId, version }, spaced ? spaceId : null);
    window.open(path, '_blank');
    if (version === 'draft') setTimeout(() => withdraw(formId), 1_000);
  };

  return (
    <>
    {flow && <Suspense fallback={<Spin className="qp-fd-loading" />}><FlowDesigner formId={formId} onBack={() => setFlow(false)} /></Suspense>}
    {/* Hidden, not unmounted, while the flow is designed: unsaved form edits stay. */}
    <div className="qp-fd qp-fd-full" data-testid="form-designer" style={flow ? { display: 'none' } : undefined}>
      <div className="qp-fd-toolbar">
        <Space size="medium" className="qp-fd-toolbar-title">
          {back && (
            <a href={back} className="qp-fd-back" data-testid="designer-back">
              <IconLeft /> {t('forms.app.backToApp')}
            </a>
          )}
          <Typography.Title heading={5} className="qp-fd-name">{form.name}</Typography.Title>
          {form.version > 0 ? <Tag color="green">{t('forms.ui.versions.version', { version: form.version })}</Tag> : <Tag>{t('forms.ui.designer.unpublished')}</Tag>}
          {designer.dirty ? <Tag color="orange" data-testid="designer-dirty">{t('forms.ui.designer.unsaved')}</Tag> : <Typography.Text type="secondary">{t('forms.ui.designer.allSaved')}</Typography.Text>}
        </Space>
        <Space>
          <Button icon={<IconBranch />} onClick={() => setFlow(true)} data-testid="designer-workflow">{t('workflow.designerUi.openDesigner')}</Button>
          <Button icon={<IconHistory />} onClick={() => setHistory(true)} data-testid="designer-history">{t('forms.ui.versions.title')}</Button>
          <Button icon={<IconEye />} onClick={() => preview('draft')} data-testid="designer-preview">{t('forms.ui.designer.preview')}</Button>
          <Button icon={<IconSave />} loading={designer.busy === 'save'} disabled={designer.busy !== null} onClick={() => void designer.saveDraft()} data-testid="designer-save">
            {t('forms.ui.designer.save')}
          </Button>
          <Button type="primary" icon={<IconSend />} loading={designer.busy === 'publish'} disabled={designer.busy !== null} onClick={() => void designer.publish()} data-testid="designer-publish">
            {t('forms.ui.designer.publish')}
          </Button>
        </Space>
      </div>
      {formProblems.length > 0 && <Alert type="error" className="qp-gap" content={formProblems.map((p, i) => <div key={i}>{errorText(p)}</div>)} />}
      {problems.length > 0 && formProblems.length < problems.length && (
        <Alert type="warning" className="qp-gap" content={t('forms.ui.designer.problemsHint', { n: problems.length - formProblems.length })} data-testid="designer-problems" />
      )}
      <DesignerDnd fields={fields} onAdd={add} onReorder={change}>
      <Layout className="qp-fd-body">
        <Layout.Sider width={232} className="qp-fd-side">
          <Card size="small" title={t('forms.ui.palette.title')} bordered={false}>
            <Palette onAdd={(type) => add(type)} hasSerial={fields.some((f) => f.type === 'serial')} />
          </Card>
        </Layout.Sider>
        <Layout.Content className="qp-fd-canvas">
          <Card size="small" title={t('forms.ui.designer.canvas')} extra={<Typography.Text type="secondary">{t('forms.ui.designer.fieldCount', { n: fields.length })}</Typography.Text>} bordered={false}>
            <Canvas fields={fields} selected={selected} problems={problems} onSelect={select} onMove={move} onRemove={remove} onDuplicate={duplicate} />
          </Card>
        </Layout.Content>
        <Layout.Sider width={340} className="qp-fd-side">
          <Card size="small" bordered={false}>
            <Tabs activeTab={tab} onChange={setTab} size="small">
              <Tabs.TabPane key="field" title={t('forms.ui.props.tab')}>
                <PropertyPanel field={field} sections={sections} problems={problems} appId={appId} formId={formId} newKey={newKey}
                  onChange={(next) => change(fields.map((f) => (f.key === next.key ? next : f)))} />
              </Tabs.TabPane>
              <Tabs.TabPane key="form" title={t('forms.ui.info.tab')}>
                <FormInfo form={form} fields={fields} problems={problems.length} />
              </Tabs.TabPane>
            </Tabs>
          </Card>
        </Layout.Sider>
      </Layout>
      </DesignerDnd>
      <VersionDrawer
        visible={history}
        versions={designer.versions}
        current={form.version}
        onClose={() => setHistory(false)}
        onPreview={(version) => preview(String(version))}
        onRestore={(version) => {
          change(version.definition.fields);
          setSelected(null);
          setHistory(false);
        }}
      />
    </div>
    </>
  );
}
