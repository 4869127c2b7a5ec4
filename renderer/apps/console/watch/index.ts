import type { PageModule } from '../../types.ts';
import { BuryingAnalysisPage } from './BuryingAnalysisPage.tsx';
import { ConfigurePointPage } from './ConfigurePointPage.tsx';
import { InterfaceAnalysisPage } from './InterfaceAnalysisPage.tsx';
import { InterfaceWatchPage } from './InterfaceWatchPage.tsx';
import { WatchDetailPage } from './WatchDetailPage.tsx';

/** Interface watch and event tracking (decisions 0085–0086). */
export const pages: PageModule['pages'] = { InterfaceWatchPage, InterfaceAnalysisPage, WatchDetailPage, ConfigurePointPage, BuryingAnalysisPage };
