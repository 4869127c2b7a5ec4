import type { PageModule } from '../types.ts';
import { BaseConfigPage } from './BaseConfigPage.tsx';

export const pages: PageModule['pages'] = { BaseConfigPage };
