import type { PageModule } from '../../types.ts';

/** The chart pages (issue 16): filled as they are built. */
export const chartPages: PageModule['pages'] = {};
