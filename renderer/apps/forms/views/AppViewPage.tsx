import { Alert, Button, Empty, Result, Spin } from '@arco-design/web-react';
import { IconTool } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import { holdsAtom } from '../../../kernel/atoms.ts';
import { usePageTitle } from '../../../shell/page-title.ts';
import type { PageProps } from '../../types.ts';
import { AppFormsNav } from '../app-nav/AppFormsNav.tsx';
import { AppSearch } from './components/AppSearch.tsx';
import { FormViews } from './components/FormViews.tsx';
import { useAppForms } from './hooks/use-form.ts';
import { routePath } from './links.ts';
import './views.css';

const VALID_ID = /^[0-9]{1,18}$/;
const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `?filter=<json FilterGroup>` (a chart's drill-down); the server checks it like any list filter. */
function filterOf(text: string | undefined): FilterGroup | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as FilterGroup | null;
    return parsed && typeof parsed === 'object' && Array.isArray(parsed.items) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The application view (route forms.appView `app/!/{module?}/{appId}`): the forms of application `appId` in its
 * own left-hand navigation (where designers also create and manage them), `module` naming the open one (default:
 * the first). A form never published says so; admins get the way to the designer.
 */
export function AppViewPage({ match }: PageProps) {
  const { t } = useTranslation();
  const appId = match.params.appId ?? '';
  const apps = useAppForms(VALID_ID.test(appId) ? appId : '');
  const filterText = firstOf(match.query.filter);
  const initialFilter = useMemo(() => filterOf(filterText), [filterText]);
  // Only to offer the designer link; the server decides what an admin may do.
  const admin = useAtomValue(holdsAtom)('forms.design');
  // The tab names the open form (its records are what the page shows), not the page type.
  usePageTitle(match, (apps.data?.find((f) => f.id === match.params.module) ?? apps.data?.[0])?.name);

  if (!VALID_ID.test(appId)) return <Result status="404" title={t('forms.appNotFound')} data-testid="app-not-found" />;
  if (apps.error) return <Result status="error" title={t('common.fetchFailed')} subTitle={apps.error} extra={<Button onClick={apps.reload}>{t('forms.views.retry')}</Button>} data-testid="app-error" />;
  if (!apps.data) return <Spin className="qp-fv-loading" />;
  const forms = apps.data;
  const module = match.params.module;
  const form = forms.find((f) => f.id === module) ?? forms[0] ?? null;
  const nav = <AppFormsNav match={match} appId={appId} forms={forms} currentId={form?.id ?? null} designer={admin} onChanged={apps.reload} />;
  if (!form)
    return (
      <div className="qp-an-layout">
        {nav}
        <Empty className="qp-an-main qp-fv-loading" description={admin ? `${t('forms.views.noForms')} · ${t('forms.app.emptyDesigner')}` : t('forms.views.noForms')} data-testid="app-no-forms" />
      </div>
    );

  return (
    <div className="qp-an-layout">
      {nav}
      <div className="qp-an-main qp-fv-page">
        <div className="qp-fv-app-bar">
          <AppSearch match={match} appId={appId} />
        </div>
        {module && form.id !== module && <Alert type="warning" className="qp-gap" content={t('forms.views.formMissing')} closable />}
        {form.version === 0 ? (
          <Result
            status="info"
            data-testid="form-unpublished"
            title={t('forms.views.unpublishedTitle', { name: form.name })}
            subTitle={admin ? t('forms.notPublished') : t('forms.views.unpublishedUser')}
            extra={
              admin && (
                <Button type="primary" icon={<IconTool />} href={routePath(match, 'forms.tableSetting', { appType: 'app', appId, version: String(form.version), tableId: form.id })} data-testid="form-design-link">
                  {t('forms.views.openDesigner')}
                </Button>
              )
            }
          />
        ) : (
          <FormViews key={form.id} match={match} appId={appId} formId={form.id} initialViewId={firstOf(match.query.viewId)} initialKind={firstOf(match.query.kind)} initialFilter={initialFilter} />
        )}
      </div>
    </div>
  );
}
