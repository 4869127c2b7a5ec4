import { Button, Card, Link, Result, Space } from '@arco-design/web-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENT_SETTING_PAGES, isElementSettingPage, type ElementSettingPage as SettingPage } from '../../../shared/org/member-fields.ts';
import type { PageProps } from '../types.ts';
import { ContactSettingsPanel } from './ContactSettingsPanel.tsx';
import { MemberFieldsEditor } from './MemberFieldsEditor.tsx';
import { routePath } from './member-fields-api.ts';
import { SelfEditSettings } from './SelfEditSettings.tsx';

const BODY: Record<SettingPage, ComponentType> = { member: SelfEditSettings, contacts: ContactSettingsPanel, extension: MemberFieldsEditor };

/**
 * `element/setting/{page}` (spec §2.6; decision 0048): the settings of one organisation element, reached from the
 * hub (console/elementManage) — `member` what members may edit about themselves, `contacts` the address-book card,
 * `extension` the member extension fields. Any other `{page}` is not a page: it says so and leads back to the hub.
 */
export function ElementSettingPage({ match }: PageProps) {
  const { t } = useTranslation();
  const page = match.params.page;
  const hub = routePath(match, 'org.consoleElementManage');
  if (!isElementSettingPage(page)) {
    return (
      <Result
        status="404"
        title={t('org.elements.unknownPage')}
        subTitle={t('org.elements.unknownPageHint', { page: page ?? '' })}
        extra={<Button type="primary" href={hub}>{t('org.elements.backToHub')}</Button>}
        data-testid="element-setting-not-found"
      />
    );
  }
  const Body = BODY[page];
  const others = ELEMENT_SETTING_PAGES.filter((p) => p !== page);
  const extra = (
    <Space size="medium">
      {others.map((p) => (
        <Link key={p} href={routePath(match, 'org.elementSetting', { page: p })} data-testid={`element-setting-link-${p}`}>
          {t(`org.elements.setting.${p}`)}
        </Link>
      ))}
      <Link href={hub} data-testid="element-setting-hub">{t('org.elements.backToHub')}</Link>
    </Space>
  );
  return (
    <Card title={t(`org.elements.setting.${page}`)} extra={extra} className="qp-gap" data-testid={`element-setting-${page}`}>
      <Body />
    </Card>
  );
}
