import type { PageModule } from '../types.ts';
import { AppRecyclePage } from '../appcenter/AppRecyclePage.tsx';
import { AppConfigPage, AppMonitorPage, FormDetailPage, QrcodePage, RecycleDataPage } from './detail/pages.ts';
import { DesignerPreviewPage } from './designer/DesignerPreviewPage.tsx';
import { TableSettingPage } from './designer/TableSettingPage.tsx';
import { AppViewPage, CascadesViewPage, CustomViewConfigPage } from './views/pages.ts';

/** The forms chunk. AppRecyclePage (route forms.recycle) is the application centre's bin, shown from here. */
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
};
