import type { PageModule } from '../types.ts';
import { PortalManagePage } from './manage/PortalManagePage.tsx';
import { MobileHomePage } from './mobile/MobileHomePage.tsx';
import { WorkbenchPage } from './WorkbenchPage.tsx';
import { HelpCenterPage } from './news/HelpCenterPage.tsx';
import { NewsListPage } from './news/NewsListPage.tsx';
import { NewsShowPage } from './news/NewsShowPage.tsx';

export const pages: PageModule['pages'] = { WorkbenchPage, PortalManagePage, MobileHomePage, NewsListPage, NewsShowPage, HelpCenterPage };
