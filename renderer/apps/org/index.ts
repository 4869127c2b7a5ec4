import type { PageModule } from '../types.ts';
import { AuditLogPage } from './AuditLogPage.tsx';
import { BaseConfigPage } from './BaseConfigPage.tsx';
import { InfoSettingPage } from './InfoSettingPage.tsx';
import { OrgManagePage } from './OrgManagePage.tsx';
import { PostManagePage } from './PostManagePage.tsx';
import { StructurePage } from './StructurePage.tsx';
import { WorkTimePage } from './WorkTimePage.tsx';

export const pages: PageModule['pages'] = { AuditLogPage, BaseConfigPage, InfoSettingPage, OrgManagePage, PostManagePage, StructurePage, WorkTimePage };
