import type { PageModule } from '../types.ts';
import { OpLogPage } from './OpLogPage.tsx';

export const pages: PageModule['pages'] = { OpLogPage };
