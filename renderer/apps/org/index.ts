import type { PageModule } from '../types.ts';
import { AiSettingPage } from './AiSettingPage.tsx';
import { AuditLogPage } from './AuditLogPage.tsx';
import { BaseConfigPage } from './BaseConfigPage.tsx';
import { ContactsPage } from './ContactsPage.tsx';
import { ElementManagePage } from './ElementManagePage.tsx';
import { ElementSettingPage } from './ElementSettingPage.tsx';
import { EmailTemplateConfigPage } from './EmailTemplateConfigPage.tsx';
import { EmailTemplateEditPage } from './EmailTemplateEditPage.tsx';
import { EnterpriseOverviewPage } from './EnterpriseOverviewPage.tsx';
import { EnterUserRegistPage } from './EnterUserRegistPage.tsx';
import { EntRegistPage } from './EntRegistPage.tsx';
import { ExtensionPage } from './ExtensionPage.tsx';
import { InfoSettingPage } from './InfoSettingPage.tsx';
import { LanguageSettingPage } from './LanguageSettingPage.tsx';
import { LogoPage } from './LogoPage.tsx';
import { MemberAdminPage } from './MemberAdminPage.tsx';
import { NavigationEditPage } from './NavigationEditPage.tsx';
import { NavigationListPage } from './NavigationListPage.tsx';
import { OrgManagePage } from './OrgManagePage.tsx';
import { PermissionManagePage } from './PermissionManagePage.tsx';
import { PostManagePage } from './PostManagePage.tsx';
import { RoleManagePage } from './RoleManagePage.tsx';
import { ScheduledJobsPage } from './ScheduledJobsPage.tsx';
import { SecurityAuditPage } from './SecurityAuditPage.tsx';
import { ShareDataPage } from './ShareDataPage.tsx';
import { StructurePage } from './StructurePage.tsx';
import { ThemeColorPage } from './ThemeColorPage.tsx';
import { WatermarkPage } from './WatermarkPage.tsx';
import { WatermarkPreviewPage } from './WatermarkPreviewPage.tsx';
import { WebchatConfigPage } from './WebchatConfigPage.tsx';
import { WorkTimePage } from './WorkTimePage.tsx';
import { saasPages } from './saas/index.ts';

export const pages: PageModule['pages'] = {
  AiSettingPage,
  AuditLogPage,
  BaseConfigPage,
  ContactsPage,
  ElementManagePage,
  ElementSettingPage,
  EmailTemplateConfigPage,
  EmailTemplateEditPage,
  EnterpriseOverviewPage,
  EnterUserRegistPage,
  EntRegistPage,
  ExtensionPage,
  InfoSettingPage,
  LanguageSettingPage,
  LogoPage,
  MemberAdminPage,
  NavigationEditPage,
  NavigationListPage,
  OrgManagePage,
  PermissionManagePage,
  PostManagePage,
  RoleManagePage,
  ScheduledJobsPage,
  SecurityAuditPage,
  ShareDataPage,
  StructurePage,
  ThemeColorPage,
  WatermarkPage,
  WatermarkPreviewPage,
  WebchatConfigPage,
  WorkTimePage,
  ...saasPages,
};
