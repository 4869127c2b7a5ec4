import type { MicroAppId } from '../../shared/apps.ts';
import type { PageModule } from './types.ts';

/**
 * The static list of renderer micro-apps (no folder scanning). Each import is one chunk, loaded when one of
 * its pages is first opened.
 */
export const APP_MODULES: Partial<Record<MicroAppId, () => Promise<PageModule>>> = {
  shell: () => import('./shell/index.ts'),
  account: () => import('./account/index.ts'),
  appcenter: () => import('./appcenter/index.ts'),
  portal: () => import('./portal/index.ts'),
  iot: () => import('./iot/index.ts'),
  forms: () => import('./forms/index.ts'),
  org: () => import('./org/index.ts'),
  console: () => import('./console/index.ts'),
  chat: () => import('./chat/index.ts'),
  messages: () => import('./messages/index.ts'),
  workflow: () => import('./workflow/index.ts'),
  dashboards: () => import('./dashboards/index.ts'),
};
