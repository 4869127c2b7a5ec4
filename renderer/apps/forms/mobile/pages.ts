/**
 * The phone pages of the forms app, by their route table page names (shared/routes/table/forms.ts):
 * forms.mobileApps → MobileAppsPage, forms.mobileList → MobileListPage, forms.mobileDetail → MobileDetailPage,
 * forms.mobileEdit → MobileEditPage. They sit in the shell's mobile frame (layout `mobile`).
 */
export { MobileAppsPage } from './MobileAppsPage.tsx';
export { MobileDetailPage } from './MobileDetailPage.tsx';
export { MobileEditPage } from './MobileEditPage.tsx';
export { MobileListPage } from './MobileListPage.tsx';
