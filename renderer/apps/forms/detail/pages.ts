/**
 * The record pages of the forms app, by their route table page names (shared/routes/table/forms.ts):
 * forms.detail → FormDetailPage, forms.recycleData → RecycleDataPage, forms.qrcode and forms.consoleQrcode →
 * QrcodePage, forms.appConfig → AppConfigPage, forms.monitor → AppMonitorPage.
 */
export { AppMonitorPage } from './AppMonitorPage.tsx';
export { AppConfigPage } from './AppConfigPage.tsx';
export { FormDetailPage } from './FormDetailPage.tsx';
export { QrcodePage } from './QrcodePage.tsx';
export { RecycleDataPage } from './RecycleDataPage.tsx';
