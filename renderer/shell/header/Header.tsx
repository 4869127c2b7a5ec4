import { Badge, Button, Layout, Popover, Tag, Tooltip } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { baseInfoAtom, sessionAtom, socketStatusAtom } from '../../kernel/atoms.ts';
import { LOGO_PATH } from '../../../shared/org/logo.ts';
import { appearanceAtom } from '../appearance.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { GlobalSearch } from '../search/GlobalSearch.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MessageBell } from './MessageBell.tsx';
import { OutboxIndicator } from './OutboxIndicator.tsx';
import { ScanCode } from './ScanCode.tsx';
import { SkinSwitch } from './SkinSwitch.tsx';
import { TodoBadge } from './TodoBadge.tsx';

/** The header of spec §2.8: organisation, search, scan, download, messages, skin, language, account; socket status. */
export function Header() {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  const info = useAtomValue(baseInfoAtom);
  const socket = useAtomValue(socketStatusAtom);
  // The space's own logo replaces the platform's name when the administrator set one (logo page).
  const logo = useAtomValue(appearanceAtom).logo;
  return (
    <Layout.Header className="qp-header">
      <a href="/" className="qp-brand">
        {logo ? <img src={`${LOGO_PATH}?v=${encodeURIComponent(logo.version)}`} alt={user?.entName ?? t('shell.appName')} className="qp-brand-logo" data-testid="space-logo" /> : t('shell.appName')}
      </a>
      {user?.entName && <span className="qp-org" data-testid="org-name">{user.entName}</span>}
      {info?.isCrossSpace && <Tag color="orange" data-testid="cross-space">{t('shell.crossSpace')}</Tag>}
      <div className="qp-header-spacer" />
      {user && <GlobalSearch />}
      {user && <ScanCode />}
      <Popover content={<span className="qp-download-hint">{t('shell.downloadAppHint')}</span>} title={t('shell.downloadApp')}>
        <Button
          type="text"
          shape="circle"
          icon={<IconDownload />}
          aria-label={t('shell.downloadApp')}
          href={info?.desktopDownloadUrl ?? undefined}
          target={info?.desktopDownloadUrl ? '_blank' : undefined}
          data-testid="download-app"
        />
      </Popover>
      {user && <TodoBadge />}
      {user && <MessageBell />}
      {user && <OutboxIndicator />}
      <SkinSwitch />
      <LanguageSwitch />
      {user && (
        <Tooltip content={t(socket ? 'shell.socketOnline' : 'shell.socketOffline')}>
          <Badge status={socket ? 'success' : 'default'} data-testid="socket-status" data-status={socket} />
        </Tooltip>
      )}
      <AccountMenu />
      {!user && <Button href="/home/login" type="primary" size="small">{t('shell.signIn')}</Button>}
    </Layout.Header>
  );
}
