import type { PageModule } from '../../types.ts';

export const pages: PageModule['pages'] = {};
