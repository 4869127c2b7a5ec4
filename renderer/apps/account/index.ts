import type { PageModule } from '../types.ts';
import { ModifyPasswordPage } from './ModifyPasswordPage.tsx';

export const pages: PageModule['pages'] = { ModifyPasswordPage };
