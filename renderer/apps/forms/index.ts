import type { PageModule } from '../types.ts';
import { DataCenterPage, DataMonitoringPage, DataTablePage } from './datacenter/pages.ts';
import { AppConfigPage, AppMonitorPage, FormDetailPage, QrcodePage, RecycleDataPage } from './detail/pages.ts';
import { DesignerPreviewPage } from './designer/DesignerPreviewPage.tsx';
import { TableSettingPage } from './designer/TableSettingPage.tsx';
import { MobileAppsPage, MobileDetailPage, MobileEditPage, MobileListPage } from './mobile/pages.ts';
import { AppViewPage, CascadesViewPage, CustomViewConfigPage } from './views/pages.ts';

/**
 * The forms chunk. The routes forms.recycle, forms.viewPreview and forms.ratioView are served by the application
 * centre's, the portal's and the dashboards' own pages, from their chunks (the route table names them,
 * shared/routes/table/forms.ts), so this chunk imports no other app.
 */
export const pages: PageModule['pages'] = {
  TableSettingPage,
  DesignerPreviewPage,
  FormDetailPage,
  RecycleDataPage,
  QrcodePage,
  AppConfigPage,
  AppMonitorPage,
  AppViewPage,
  CustomViewConfigPage,
  CascadesViewPage,
  MobileAppsPage,
  MobileListPage,
  MobileDetailPage,
  MobileEditPage,
  DataCenterPage,
  DataTablePage,
  DataMonitoringPage,
};
