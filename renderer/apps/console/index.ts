import type { PageModule } from '../types.ts';
import { OpLogPage } from './OpLogPage.tsx';
import { pages as accessPages } from './access/index.ts';
import { pages as financePages } from './finance/index.ts';
import { pages as jobsPages } from './jobs/index.ts';
import { pages as operatorPages } from './operator/index.ts';
import { pages as spacesPages } from './spaces/index.ts';
import { pages as storePages } from './store/index.ts';
import { pages as watchPages } from './watch/index.ts';

/** The operator's pages, one folder per area (spaces and providers, operator settings, access, watch, jobs, finance, store). */
export const pages: PageModule['pages'] = { OpLogPage, ...spacesPages, ...operatorPages, ...accessPages, ...watchPages, ...jobsPages, ...financePages, ...storePages };
