/**
 * The data centre pages of the forms app (decision 0068), by their route table page names:
 * forms.consoleDataCenter → DataCenterPage, forms.dataTable → DataTablePage, forms.consoleDataMonitoring →
 * DataMonitoringPage.
 */
export { DataCenterPage } from './DataCenterPage.tsx';
export { DataMonitoringPage } from './DataMonitoringPage.tsx';
export { DataTablePage } from './DataTablePage.tsx';
