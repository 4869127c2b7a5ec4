import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../shared/i18n/index.ts';
import { languageAtom } from '../../kernel/atoms.ts';
import { useServices } from '../services.tsx';

const NAMES = { 'zh-CN': '简体中文', en: 'English' } as const;

/** Language switch (spec §4): stores `lang` and the locale cookie, then reloads the page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { setLanguage } = useServices();
  const language = useAtomValue(languageAtom);
  return (
    <Dropdown
      trigger="click"
      droplist={
        <Menu selectedKeys={[language]} onClickMenuItem={(key) => isLanguage(key) && key !== language && setLanguage(key)}>
          {Object.entries(NAMES).map(([code, name]) => (
            <Menu.Item key={code} data-testid={`lang-${code}`}>
              {name}
            </Menu.Item>
          ))}
        </Menu>
      }
    >
      {/* The name starts with the visible text (WCAG 2.5.3, axe: label-content-name-mismatch). */}
      <Button type="text" icon={<IconLanguage />} aria-label={`${language === 'en' ? 'EN' : '中'} ${t('shell.language')}`} data-testid="language-switch">
        {language === 'en' ? 'EN' : '中'}
      </Button>
    </Dropdown>
  );
}
