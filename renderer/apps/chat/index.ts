import type { PageModule } from '../types.ts';
import { ChatPage } from './ChatPage.tsx';

export const pages: PageModule['pages'] = { ChatPage };
