import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

/** §2.2 is "admin, some also saas"; §6 makes the ETL task pages admin only, so the rest are the saas ones. */
const route = routeGroup('etl', { roles: ['admin', 'saas'] });
const task = routeGroup('etl', { roles: ['admin'] });

/** ETL and data-asset governance (spec §2.2). */
export const ETL_ROUTES: RouteEntry[] = [
  task('tasks', 'etl', 'TaskListPage'),
  route('datasource', 'etl/datasource', 'DatasourcePage'),
  route('dataExplorer', 'etl/datasource/dataExplorer', 'DataExplorerPage'),
  task('taskDesign', 'etl/taskDesign', 'TaskDesignPage'),
  task('taskflow', 'etl/taskflow', 'TaskflowPage'),
  task('taskJob', 'etl/taskJob', 'TaskJobPage'),
  task('taskflowJob', 'etl/taskflow/job', 'TaskflowJobPage'),
  route('dam', 'dam', 'DamPage'),
  route('dataAsset', 'dataAsset/management', 'DataAssetPage'),
  route('dataAssetCategory', 'dataAsset/management/category', 'DataAssetCategoryPage'),
  route('lineage', 'etl/dataGovernance/technicalmetadata/consanguinityanalysis', 'LineageAnalysisPage'),
  route('damPortal', 'damportal', 'DamPortalPage'),
  route('dataExchange', 'etl/dataExchange', 'DataExchangePage'),
];
