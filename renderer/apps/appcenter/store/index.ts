import type { PageModule } from '../../types.ts';
import { AppAuditPage } from './AppAuditPage.tsx';
import { AppStorePage } from './AppStorePage.tsx';
import { AppUploadPage } from './AppUploadPage.tsx';
import { MyAppsPage } from './MyAppsPage.tsx';

/** The application store's pages: store, my apps, upload, and the review page of both routes. */
export const pages: PageModule['pages'] = { AppStorePage, MyAppsPage, AppUploadPage, AppAuditPage };
