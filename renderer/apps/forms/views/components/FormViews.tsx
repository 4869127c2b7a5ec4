import { Button, Message, Result, Spin, Typography } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { VIEW_KINDS, type ViewKind } from '../../../../../shared/api/forms.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import type { RouteMatch } from '../../../../../shared/routes/match.ts';
import { useServices } from '../../../../shell/services.tsx';
import { useFormInfo, useSavedViews } from '../hooks/use-form.ts';
import { DEFAULT_VIEW_ID, defaultView, useViewState } from '../hooks/use-view-state.ts';
import { routePath } from '../links.ts';
import { isSystemField } from '../model/records.ts';
import { viewsPath } from '../records-api.ts';
import type { RecordRow, SavedView } from '../types.ts';
import { FilesDownloadable } from '../../record-form/FileInput.tsx';
import { ExportModal } from './ExportModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { RecordDrawer } from './RecordDrawer.tsx';
import { ViewBody } from './ViewBody.tsx';
import { ViewDialog, type ViewDialogStart } from './ViewDialog.tsx';
import { ViewTabs } from './ViewTabs.tsx';
import { ViewToolbar } from './ViewToolbar.tsx';

interface Props {
  match: RouteMatch;
  appId: string;
  formId: string;
  /** A view to open first (`?viewId=` of the page). */
  initialViewId?: string;
  /** The kind it is shown as, when not its own (`?kind=` of the page). */
  initialKind?: string;
  /** A filter to open with (`?filter=<json FilterGroup>`: a chart's drill-down). */
  initialFilter?: FilterGroup;
}

const kindOf = (text: string | undefined) => (VIEW_KINDS as readonly string[]).includes(text ?? '') ? (text as ViewKind) : undefined;

/** One published form of an application: its views as tabs, the toolbar, the records, and the dialogs. */
export function FormViews({ match, appId, formId, initialViewId, initialKind, initialFilter }: Props) {
  const { t } = useTranslation();
  const info = useFormInfo(formId);
  const saved = useSavedViews(formId);
  if (info.error || saved.error) {
    return (
      <Result
        status="error"
        title={t('common.fetchFailed')}
        subTitle={info.error ?? saved.error}
        extra={
          <Button
            onClick={() => {
              info.reload();
              saved.reload();
            }}
          >
            {t('forms.views.retry')}
          </Button>
        }
        data-testid="form-error"
      />
    );
  }
  if (!info.data || !saved.data) return <Spin className="qp-fv-loading" />;
  return <LoadedForm match={match} appId={appId} formId={formId} info={info.data} views={saved.data} reloadViews={saved.reload} initialViewId={initialViewId} initialKind={initialKind} initialFilter={initialFilter} />;
}

interface LoadedProps extends Props {
  info: NonNullable<ReturnType<typeof useFormInfo>['data']>;
  views: SavedView[];
  reloadViews(): void;
}

function LoadedForm({ match, appId, formId, info, views: savedViews, reloadViews, initialViewId, initialKind, initialFilter }: LoadedProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const fields = info.fields;
  const views = [defaultView(t('forms.views.defaultView')), ...savedViews];
  const state = useViewState(views, fields, initialViewId, kindOf(initialKind), initialFilter);
  // The view shown is in the address: a link to it, or a reload, shows it again. The entry is rewritten in place
  // (not through the router): a router navigation would mount this page anew in the shell's page cache.
  const viewId = state.active.id === DEFAULT_VIEW_ID ? '' : state.active.id;
  const kindParam = state.kind === state.active.kind ? '' : state.kind;
  // The drill-down's filter stays in the address (a reload shows the same records) until the user changes it.
  const filterParam = initialFilter && state.adhoc === initialFilter ? JSON.stringify(initialFilter) : '';
  useEffect(() => {
    const target = routePath(match, 'forms.appView', { appId, module: formId }, { viewId, kind: kindParam, filter: filterParam });
    if (target !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', target);
    // Only a change of view or kind rewrites the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewId, kindParam, filterParam]);
  const [reloadKey, setReloadKey] = useState(0);
  const [dialog, setDialog] = useState<ViewDialogStart | null>(null);
  const [prefill, setPrefill] = useState<Record<string, unknown> | null>(null);
  const [modal, setModal] = useState<'import' | 'export' | null>(null);
  const reload = useCallback(() => setReloadKey((n) => n + 1), []);
  const canDesign = info.can.design;

  const open = (record: RecordRow) => navigate(routePath(match, 'forms.detail', { app: appId, form: formId }, { id: record.id }));
  const qrCodes = (ids: string[]) => window.open(routePath(match, 'forms.qrcode', {}, { formId, ids: ids.join(',') }), '_blank', 'noopener');
  const links = {
    recycle: routePath(match, 'forms.recycleData', {}, { formId }),
    design: routePath(match, 'forms.tableSetting', { appType: 'app', appId, version: String(info.version), tableId: formId }),
    permissions: routePath(match, 'forms.appConfig', {}, { formId }),
  };

  async function removeView(view: SavedView) {
    try {
      await api.delete(viewsPath(formId, view.id));
      Message.success(t('forms.views.viewDeleted'));
      state.select('default');
      reloadViews();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const saved = (view: SavedView) => {
    setDialog(null);
    Message.success(t('forms.views.viewSaved'));
    reloadViews();
    state.select(view.id);
  };

  const exportColumns = state.kind === 'list' ? state.config?.columns?.filter((key) => !isSystemField(key)) : undefined;

  return (
    <FilesDownloadable.Provider value={info.can.download !== false}>
      <div className="qp-fv" data-testid="form-views">
        <div className="qp-fv-head">
          <div>
            <Typography.Text type="secondary" className="qp-fv-crumb">{[info.systemName, info.appName].filter(Boolean).join(' / ')}</Typography.Text>
            <Typography.Title heading={5} className="qp-fv-title" data-testid="form-title">{info.name}</Typography.Title>
          </div>
        </div>
        <ViewTabs
          views={views}
          activeId={state.active.id}
          canDesign={canDesign}
          onSelect={state.select}
          onNew={() => setDialog({ kind: state.kind, config: state.config ?? {} })}
          onEdit={(view) => setDialog({ view, kind: view.kind, config: view.config })}
          onDelete={(view) => void removeView(view)}
        />
        <ViewToolbar
          fields={fields}
          kind={state.kind}
          onKind={state.setKind}
          searchable={state.searchable}
          q={state.q}
          onSearch={state.setSearch}
          filter={state.adhoc}
          onFilter={state.setAdhoc}
          canDesign={canDesign}
          canExport={info.can.export !== false}
          links={links}
          onNewRecord={() => setPrefill({})}
          onImport={() => setModal('import')}
          onExport={() => setModal('export')}
        />
        <div className="qp-fv-body">
          <ViewBody
            key={`${state.active.id}-${state.kind}`}
            kind={state.kind}
            config={state.config}
            formId={formId}
            fields={fields}
            filter={state.filter}
            q={state.searchable ? state.q : ''}
            reloadKey={reloadKey}
            spaceUri={match.spaceUri}
            canCreate
            onOpen={open}
            onCreate={(values) => setPrefill(values ?? {})}
            onChanged={reload}
            onQrCodes={qrCodes}
            onConfigure={() =>
              setDialog(state.kind === state.active.kind && state.active.id !== 'default' ? { view: state.active, kind: state.kind, config: state.active.config } : { kind: state.kind, config: state.config ?? {} })
            }
          />
        </div>
        {dialog && <ViewDialog formId={formId} fields={fields} canShare={canDesign} start={dialog} onClose={() => setDialog(null)} onSaved={saved} />}
        {prefill && <RecordDrawer formId={formId} formName={info.name} fields={fields} prefill={prefill} onClose={() => setPrefill(null)} onCreated={() => {
              setPrefill(null);
              reload();
            }} />}
        {modal === 'import' && <ImportModal formId={formId} spaceUri={match.spaceUri} onClose={() => setModal(null)} onImported={reload} />}
        {modal === 'export' && (
          <ExportModal formId={formId} spaceUri={match.spaceUri} filter={state.filter} columns={exportColumns} historyHref={routePath(match, 'appcenter.history')} onClose={() => setModal(null)} />
        )}
      </div>
    </FilesDownloadable.Provider>
  );
}
