import type { PageModule } from '../../types.ts';
import { JobsPage } from './JobsPage.tsx';

/** The kernel's job queue as root sees it across spaces (decision 0095). */
export const pages: PageModule['pages'] = { JobsPage };
