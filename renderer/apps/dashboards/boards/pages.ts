import type { PageModule } from '../../types.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { ScreenDesignerPage } from './ScreenDesignerPage.tsx';
import { ScreenManagerPage } from './ScreenManagerPage.tsx';
import { ScreenPage } from './ScreenPage.tsx';
import { ScreenSearchPage } from './ScreenSearchPage.tsx';
import { ScreenViewerPage } from './ScreenViewerPage.tsx';

/** The board pages (decision 0067): dashboards, data screens (list, management, designer, viewer), search. */
export const boardPages: PageModule['pages'] = { DashboardPage, ScreenPage, ScreenManagerPage, ScreenDesignerPage, ScreenViewerPage, ScreenSearchPage };
