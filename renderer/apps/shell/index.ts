import type { PageModule } from '../types.ts';
import { LoginPage } from './LoginPage.tsx';
import { MaintenancePage } from './MaintenancePage.tsx';
import { NoPermissionPage } from './NoPermissionPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export const pages: PageModule['pages'] = { LoginPage, MaintenancePage, NoPermissionPage, NotFoundPage };
