import type { RouteEntry } from '../types.ts';
import { CONSOLE, ENTERPRISE_ROLES, routeGroup } from './define.ts';

const route = routeGroup('workflow');

/** Application agents act on to-dos (spec §2.8), so their configuration sits with the workflow engine. */
export const WORKFLOW_ROUTES: RouteEntry[] = [
  // Every member of a space keeps his agents (the API's `workflow.use`); root has no space to act in.
  route('appAgent', 'appconfig/appagent', 'AppAgentPage', { roles: [...ENTERPRISE_ROLES], status: 'built' }),
  // The spec's bare `form` page read as the process centre: my to-dos, done, initiated, CC'd, drafts (decision 0053).
  route('todoCenter', 'form', 'TodoCenterPage', { roles: [...ENTERPRISE_ROLES], status: 'built' }),
  // Process managers are plain members (the API's `workflow.monitor`): they open it by its address; the menu offers it to admins.
  // Outside the spec's list: the to-dos of the mobile terminal, acted on by touch (decision 0064).
  route('mobileTodo', 'm/todo', 'MobileTodoPage', { roles: [...ENTERPRISE_ROLES], layout: 'mobile', status: 'built', inMenu: false }),
  route('consoleMonitoring', 'console/tmp/workflow/monitoring', 'WorkflowMonitoringPage', { ...CONSOLE, roles: ['admin', 'user'], menuRoles: ['admin'], status: 'built' }),
];
