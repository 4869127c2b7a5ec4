import type { PageModule } from '../types.ts';
import { ModifyPasswordPage } from './ModifyPasswordPage.tsx';
import { DevReviewPage } from './developer/DevReviewPage.tsx';
import { DeveloperCenterPage } from './developer/DeveloperCenterPage.tsx';
import { MobileMePage } from './mobile/MobileMePage.tsx';
import { SettingsCenterPage } from './settings/SettingsCenterPage.tsx';

export const pages: PageModule['pages'] = { ModifyPasswordPage, DevReviewPage, DeveloperCenterPage, MobileMePage, SettingsCenterPage };
