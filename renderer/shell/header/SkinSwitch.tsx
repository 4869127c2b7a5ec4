import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import { IconSkin } from '@arco-design/web-react/icon';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { SKINS } from '../../../shared/constants.ts';
import { skinAtom } from '../../kernel/atoms.ts';
import { kernelStorage } from '../../kernel/storage.ts';
import { applySkin, isSkin } from '../skins.ts';

/** Skin switch: the nine skins of spec §9, applied through Arco's tokens and remembered in storage. */
export function SkinSwitch() {
  const { t } = useTranslation();
  const [skin, setSkin] = useAtom(skinAtom);
  return (
    <Dropdown
      droplist={
        <Menu
          selectedKeys={[skin]}
          onClickMenuItem={(key) => {
            if (!isSkin(key)) return;
            applySkin(key);
            kernelStorage.setSkin(key);
            setSkin(key);
          }}
        >
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
