import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import { IconSkin } from '@arco-design/web-react/icon';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { SKINS } from '../../../shared/constants.ts';
import { skinAtom } from '../../kernel/atoms.ts';
import { kernelStorage } from '../../kernel/storage.ts';
import { useAppearance, showSkin } from '../appearance.ts';
import { isSkin } from '../skins.ts';

const FOLLOW_SPACE = 'follow-space';

/**
 * Skin switch: the nine skins of spec §9, applied through Arco's tokens and remembered in storage. A member's own
 * choice wins over the space's skin only while the space's admin allows it (decision 0037); otherwise the switch
 * says who sets the skin and offers nothing.
 */
export function SkinSwitch() {
  const { t } = useTranslation();
  const [, setSkin] = useAtom(skinAtom);
  const { theme } = useAppearance().appearance;
  if (!theme.membersChoose) {
    return (
      <Tooltip content={t('org.theme.skinLocked')}>
        <span>
          <Button shape="circle" type="text" icon={<IconSkin />} disabled aria-label={`${t('shell.skin')}: ${t('org.theme.skinLocked')}`} data-testid="skin-switch" />
        </span>
      </Tooltip>
    );
  }
  const own = kernelStorage.skin();
  return (
    <Dropdown
      droplist={
        <Menu
          selectedKeys={[own ?? FOLLOW_SPACE]}
          onClickMenuItem={(key) => {
            if (key !== FOLLOW_SPACE && !isSkin(key)) return;
            kernelStorage.setSkin(key === FOLLOW_SPACE ? null : key);
            setSkin(showSkin(theme));
          }}
        >
          <Menu.Item key={FOLLOW_SPACE} data-testid={`skin-${FOLLOW_SPACE}`}>
            {`${t('org.theme.followSpace')} (${t(`shell.skins.${theme.skin}`)})`}
          </Menu.Item>
          {SKINS.map((name) => (
            <Menu.Item key={name} data-testid={`skin-${name}`}>
              {t(`shell.skins.${name}`)}
            </Menu.Item>
          ))}
        </Menu>
      }
      trigger="click"
    >
      <Tooltip content={t('shell.skin')}>
        <Button shape="circle" type="text" icon={<IconSkin />} aria-label={t('shell.skin')} data-testid="skin-switch" />
      </Tooltip>
    </Dropdown>
  );
}
