import { ConfigProvider } from '@arco-design/web-react';
import * as enModule from '@arco-design/web-react/es/locale/en-US.js';
import type { Locale } from '@arco-design/web-react/es/locale/interface.js';
import * as zhModule from '@arco-design/web-react/es/locale/zh-CN.js';
import type { i18n as I18n } from 'i18next';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { Language } from '../../shared/i18n/index.ts';
import { LinkInterceptor } from './LinkInterceptor.tsx';
import { ServicesProvider, type Services } from './services.tsx';
import { ShellRouter } from './ShellRouter.tsx';

// Arco's locale files are ES modules without a package "type": the default export sits one level down for tsc.
const unwrap = (module: object) => ((module as { default?: Locale }).default ?? module) as Locale;
const enUS = unwrap(enModule);
const zhCN = unwrap(zhModule);

export interface AppProps {
  store: ReturnType<typeof createStore>;
  i18n: I18n;
  services: Services;
  language: Language;
}

/** The renderer's root: state (jotai), strings (i18next), Arco's locale, services and the router. */
export function App({ store, i18n, services, language }: AppProps) {
  return (
    <JotaiProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={language === 'en' ? enUS : zhCN}>
          <ServicesProvider services={services}>
            <BrowserRouter>
              <LinkInterceptor />
              <Routes>
                <Route path="*" element={<ShellRouter />} />
              </Routes>
            </BrowserRouter>
          </ServicesProvider>
        </ConfigProvider>
      </I18nextProvider>
    </JotaiProvider>
  );
}
