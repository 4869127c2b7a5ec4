import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { pathTo } from '../detail/model.ts';

/** Addresses of the phone pages (shared/routes/table/forms.ts `forms.mobile*`), in the space the page is in. */
export const mobileAppsPath = (match: RouteMatch) => pathTo(match, 'forms.mobileApps');
export const mobileListPath = (match: RouteMatch, appId: string, formId: string) => pathTo(match, 'forms.mobileList', { appId, formId });
export const mobileDetailPath = (match: RouteMatch, appId: string, formId: string, recordId: string) =>
  pathTo(match, 'forms.mobileDetail', { appId, formId, recordId });
/** Without a record: a new one. */
export const mobileEditPath = (match: RouteMatch, appId: string, formId: string, recordId?: string) =>
  pathTo(match, 'forms.mobileEdit', { appId, formId, ...(recordId ? { recordId } : {}) });
