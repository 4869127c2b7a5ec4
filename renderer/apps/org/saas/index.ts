import type { PageModule } from '../../types.ts';
import { CustomerDetailsPage } from './CustomerDetailsPage.tsx';
import { ProductDetailsPage } from './ProductDetailsPage.tsx';
import { ResourceManagementPage } from './ResourceManagementPage.tsx';
import { SaasAppConfigPage } from './SaasAppConfigPage.tsx';
import { SaasConsolePage } from './SaasConsolePage.tsx';
import { SaasNoticeAddPage } from './SaasNoticeAddPage.tsx';
import { SaasNoticePage } from './SaasNoticePage.tsx';
import { ServiceManagementPage } from './ServiceManagementPage.tsx';
import { SummarizePage } from './SummarizePage.tsx';
import { SystemManagementPage } from './SystemManagementPage.tsx';

/** The service provider's console and the resource pages (decision 0074). */
export const saasPages: PageModule['pages'] = {
  CustomerDetailsPage,
  ProductDetailsPage,
  ResourceManagementPage,
  SaasAppConfigPage,
  SaasConsolePage,
  SaasNoticeAddPage,
  SaasNoticePage,
  ServiceManagementPage,
  SummarizePage,
  SystemManagementPage,
};
