import type { PageModule } from '../types.ts';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { InvitationPage } from './InvitationPage.tsx';
import { LoginPage } from './LoginPage.tsx';
import { MaintenancePage } from './MaintenancePage.tsx';
import { MobileLoginPage } from './mobile/MobileLoginPage.tsx';
import { NoPermissionPage } from './NoPermissionPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export const pages: PageModule['pages'] = { ForgotPasswordPage, InvitationPage, LoginPage, MaintenancePage, MobileLoginPage, NoPermissionPage, NotFoundPage };
