import type { PageModule } from '../types.ts';
import { WorkbenchPage } from './WorkbenchPage.tsx';

export const pages: PageModule['pages'] = { WorkbenchPage };
