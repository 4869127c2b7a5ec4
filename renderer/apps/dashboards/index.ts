import type { PageModule } from '../types.ts';
import { boardPages } from './boards/pages.ts';
import { chartPages } from './chart/pages.ts';

/** Charts (designer, ratio views) and boards (dashboards, data screens, search): one chunk, loaded on chart pages only. */
export const pages: PageModule['pages'] = { ...chartPages, ...boardPages };
