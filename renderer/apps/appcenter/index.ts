import './appcenter.css';
import type { PageModule } from '../types.ts';
import { AppCenterPage } from './AppCenterPage.tsx';
import { AppHistoryPage } from './AppHistoryPage.tsx';
import { AppRecyclePage } from './AppRecyclePage.tsx';
import { AppSystemPage } from './AppSystemPage.tsx';
import { pages as storePages } from './store/index.ts';

/**
 * The application centre's pages (AppHistoryPage is the export history of §2.8, route appstore/history).
 * AppRecyclePage serves the route `forms.recycle` (apprecycle/{appId}/{module}), which names it as this chunk's.
 */
export const pages: PageModule['pages'] = { AppCenterPage, AppSystemPage, AppHistoryPage, AppRecyclePage, ...storePages };
