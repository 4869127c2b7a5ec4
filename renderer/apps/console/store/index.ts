import type { PageModule } from '../../types.ts';
import { ExperienceVersionAppPage, OfficialVersionAppPage } from './ReleasedVersionsPage.tsx';
import { RootApplicationPage } from './RootApplicationPage.tsx';
import { StoreBannerPage } from './StoreBannerPage.tsx';

/** The operator's store pages: store applications, released and trial versions, banners. */
export const pages: PageModule['pages'] = { RootApplicationPage, OfficialVersionAppPage, ExperienceVersionAppPage, StoreBannerPage };
