import {
  IconApps,
  IconCalendar,
  IconCommon,
  IconDashboard,
  IconFile,
  IconHome,
  IconSettings,
  IconStorage,
  IconTool,
  IconUser,
} from '@arco-design/web-react/icon';
import type { ComponentType, CSSProperties } from 'react';
import type { APPCENTER_ICONS } from '../../shared/api/appcenter.ts';

type IconName = (typeof APPCENTER_ICONS)[number];

const ICONS: Record<IconName, ComponentType<{ className?: string; style?: CSSProperties }>> = {
  apps: IconApps,
  app: IconCommon,
  tool: IconTool,
  storage: IconStorage,
  dashboard: IconDashboard,
  file: IconFile,
  user: IconUser,
  calendar: IconCalendar,
  settings: IconSettings,
  home: IconHome,
};

/**
 * The icon of a system or app by its stored name; a name this build does not know shows the plain app icon. The
 * shell's, as every app that shows apps draws them (appcenter, org's navigation, portal), decision 0091.
 */
export function AppIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name as IconName] ?? IconCommon;
  return <Icon className={className} />;
}
