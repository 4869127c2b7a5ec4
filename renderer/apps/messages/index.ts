import type { PageModule } from '../types.ts';
import { MessageCenterPage } from './MessageCenterPage.tsx';
import { SubscribeManagePage } from './SubscribeManagePage.tsx';
import { SystemPushPage } from './SystemPushPage.tsx';

export { SubscriptionMatrix } from './SubscriptionMatrix.tsx';

export const pages: PageModule['pages'] = {
  MessageCenterPage,
  SubscribeManagePage,
  SystemPushPage,
};
