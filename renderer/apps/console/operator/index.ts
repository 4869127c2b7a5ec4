import type { PageModule } from '../../types.ts';
import { OfflineNoticePage } from './OfflineNoticePage.tsx';
import { OpNoticePage } from './OpNoticePage.tsx';
import { PermissionManagePage } from './PermissionManagePage.tsx';
import { RootRolePage } from './RootRolePage.tsx';
import { SystemConfigPage } from './SystemConfigPage.tsx';
import { UserEditPage } from './UserEditPage.tsx';
import { UserListPage } from './UserListPage.tsx';

/** The operator's accounts, notices, platform settings and role permissions (decisions 0079–0081). */
export const pages: PageModule['pages'] = { UserListPage, UserEditPage, OpNoticePage, OfflineNoticePage, SystemConfigPage, RootRolePage, PermissionManagePage };
