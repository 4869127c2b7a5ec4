import type { PageModule } from '../../types.ts';
import { FinancialBillPage } from './BillPage.tsx';
import { FinancialChannelPage } from './ChannelPage.tsx';
import { FinancialProductPage } from './ProductPage.tsx';
import { FinancialShopEditPage } from './ShopEditPage.tsx';
import { FinancialShopPage } from './ShopPage.tsx';
import { FinancialTypePage } from './TypePage.tsx';

/** Root's payment pages (spec §2.4 sysop/financial*; decisions 0087–0088). */
export const pages: PageModule['pages'] = { FinancialShopPage, FinancialShopEditPage, FinancialChannelPage, FinancialProductPage, FinancialTypePage, FinancialBillPage };
