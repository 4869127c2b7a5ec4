import type { PageModule } from '../../types.ts';
import { EnterpriseAddPage } from './EnterpriseAddPage.tsx';
import { EnterpriseEditPage } from './EnterpriseEditPage.tsx';
import { EnterpriseListPage } from './EnterpriseListPage.tsx';
import { EnterpriseSpacePage } from './EnterpriseSpacePage.tsx';
import { SaasAddPage } from './SaasAddPage.tsx';
import { SaasListPage } from './SaasListPage.tsx';

/** Root's service providers and enterprise spaces (decision 0072). */
export const pages: PageModule['pages'] = { SaasListPage, SaasAddPage, EnterpriseListPage, EnterpriseAddPage, EnterpriseEditPage, EnterpriseSpacePage };
