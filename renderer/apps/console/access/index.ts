import type { PageModule } from '../../types.ts';
import { ApiAccessPage } from './ApiAccessPage.tsx';
import { ApkConfigPage } from './ApkConfigPage.tsx';
import { HelperCenterPage } from './HelperCenterPage.tsx';
import { HelperDetailPage } from './HelperDetailPage.tsx';
import { MiniProgramPage } from './MiniProgramPage.tsx';
import { PrivateAccessPage } from './PrivateAccessPage.tsx';
import { SmsPlatformPage } from './SmsPlatformPage.tsx';
import { SmsServicePage } from './SmsServicePage.tsx';
import { SmsSignaturePage } from './SmsSignaturePage.tsx';

/** Root's platform access pages (decisions 0082–0084): API keys, licences, SMS, applet and versions, help. */
export const pages: PageModule['pages'] = {
  ApiAccessPage,
  PrivateAccessPage,
  SmsServicePage,
  SmsSignaturePage,
  SmsPlatformPage,
  MiniProgramPage,
  ApkConfigPage,
  HelperCenterPage,
  HelperDetailPage,
};
