import type { PageModule } from '../types.ts';
import { AreaRealDataPage } from './AreaRealDataPage.tsx';

export const pages: PageModule['pages'] = { AreaRealDataPage };
