import { ACCOUNT_ROUTES } from './table/account.ts';
import { APPCENTER_ROUTES } from './table/appcenter.ts';
import { CHAT_ROUTES } from './table/chat.ts';
import { CONSOLE_ROUTES } from './table/console.ts';
import { DASHBOARDS_ROUTES } from './table/dashboards.ts';
import { ETL_ROUTES } from './table/etl.ts';
import { FORMS_ROUTES } from './table/forms.ts';
import { GATEWAY_ROUTES } from './table/gateway.ts';
import { IOT_ROUTES } from './table/iot.ts';
import { LOGIC_ROUTES } from './table/logic.ts';
import { MESSAGES_ROUTES } from './table/messages.ts';
import { ORG_ROUTES } from './table/org.ts';
import { PORTAL_ROUTES } from './table/portal.ts';
import { RULES_ROUTES } from './table/rules.ts';
import { SHELL_ROUTES } from './table/shell.ts';
import { WORKFLOW_ROUTES } from './table/workflow.ts';
import type { RouteEntry } from './types.ts';

/** Every page of spec §2, in micro-app order of shared/apps.ts. */
export const ROUTES: readonly RouteEntry[] = [
  ...SHELL_ROUTES,
  ...ACCOUNT_ROUTES,
  ...APPCENTER_ROUTES,
  ...PORTAL_ROUTES,
  ...FORMS_ROUTES,
  ...WORKFLOW_ROUTES,
  ...DASHBOARDS_ROUTES,
  ...RULES_ROUTES,
  ...LOGIC_ROUTES,
  ...ETL_ROUTES,
  ...GATEWAY_ROUTES,
  ...IOT_ROUTES,
  ...ORG_ROUTES,
  ...MESSAGES_ROUTES,
  ...CHAT_ROUTES,
  ...CONSOLE_ROUTES,
];
