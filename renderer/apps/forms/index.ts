import type { PageModule } from '../types.ts';
import { AppRecyclePage } from '../appcenter/AppRecyclePage.tsx';
import { ViewPreviewPage } from '../portal/ViewPreviewPage.tsx';
import { DataCenterPage, DataMonitoringPage, DataTablePage } from './datacenter/pages.ts';
import { AppConfigPage, AppMonitorPage, FormDetailPage, QrcodePage, RecycleDataPage } from './detail/pages.ts';
import { DesignerPreviewPage } from './designer/DesignerPreviewPage.tsx';
import { TableSettingPage } from './designer/TableSettingPage.tsx';
import { MobileAppsPage, MobileDetailPage, MobileEditPage, MobileListPage } from './mobile/pages.ts';
import { RatioViewConfigPage } from './RatioViewConfigPage.tsx';
import { AppViewPage, CascadesViewPage, CustomViewConfigPage } from './views/pages.ts';

/**
 * The forms chunk. AppRecyclePage (route forms.recycle) is the application centre's bin, shown from here;
 * ViewPreviewPage (forms.viewPreview) is the portal app's preview (decision 0061).
 */
export const pages: PageModule['pages'] = {
  TableSettingPage,
  DesignerPreviewPage,
  FormDetailPage,
  RecycleDataPage,
  QrcodePage,
  AppConfigPage,
  AppMonitorPage,
  AppRecyclePage,
  AppViewPage,
  CustomViewConfigPage,
  CascadesViewPage,
  ViewPreviewPage,
  MobileAppsPage,
  MobileListPage,
  MobileDetailPage,
  MobileEditPage,
  DataCenterPage,
  DataTablePage,
  DataMonitoringPage,
  RatioViewConfigPage,
};
