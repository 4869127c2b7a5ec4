import type { PageModule } from '../../types.ts';

/** The board pages (issue 16): filled as they are built. */
export const boardPages: PageModule['pages'] = {};
