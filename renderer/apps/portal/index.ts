import type { PageModule } from '../types.ts';
import { PortalManagePage } from './manage/PortalManagePage.tsx';
import { MobileHomePage } from './mobile/MobileHomePage.tsx';
import { WorkbenchPage } from './WorkbenchPage.tsx';
import { HelpCenterPage } from './news/HelpCenterPage.tsx';
import { NewsListPage } from './news/NewsListPage.tsx';
import { NewsShowPage } from './news/NewsShowPage.tsx';
import { ViewPreviewPage } from './ViewPreviewPage.tsx';

/** The portal's pages; ViewPreviewPage serves the route forms.viewPreview (decision 0061), which names it as this chunk's. */
export const pages: PageModule['pages'] = { WorkbenchPage, PortalManagePage, MobileHomePage, NewsListPage, NewsShowPage, HelpCenterPage, ViewPreviewPage };
