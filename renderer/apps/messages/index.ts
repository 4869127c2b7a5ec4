import type { PageModule } from '../types.ts';
import { MessageCenterPage } from './MessageCenterPage.tsx';
import { MobileMessagesPage } from './mobile/MobileMessagesPage.tsx';
import { SubscribeManagePage } from './SubscribeManagePage.tsx';
import { SystemPushPage } from './SystemPushPage.tsx';

export { SubscriptionMatrix } from './SubscriptionMatrix.tsx';

export const pages: PageModule['pages'] = {
  MessageCenterPage,
  MobileMessagesPage,
  SubscribeManagePage,
  SystemPushPage,
};
