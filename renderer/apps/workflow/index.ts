import type { PageModule } from '../types.ts';
import { AppAgentPage } from './agents/AppAgentPage.tsx';
import { MobileTodoPage } from './mobile/MobileTodoPage.tsx';
import { TodoCenterPage } from './todo/TodoCenterPage.tsx';
import { WorkflowMonitoringPage } from './monitor/WorkflowMonitoringPage.tsx';

/** The personal settings page (another issue) mounts these two as its agent and hosting tabs. */
export { AgentRules } from './agents/AgentRules.tsx';
export { HostingSettings } from './agents/HostingSettings.tsx';

export const pages: PageModule['pages'] = {
  AppAgentPage,
  TodoCenterPage,
  MobileTodoPage,
  WorkflowMonitoringPage,
};
