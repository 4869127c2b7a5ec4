import { Avatar, Dropdown, Menu, Message } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { portraitPath } from '../../../shared/api/org-self.ts';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { apiUrl } from '../../kernel/transport.ts';
import { useServices } from '../services.tsx';

/** Pages the menu opens in-page (the header's own pages and the shared information pages of §2.5). */
const IN_PAGE = ['messages.center', 'messages.subscriptions', 'account.settings', 'portal.helpCenter', 'portal.newsList', 'account.developerCenter'];

/** Account and enterprise (space) switch, personal pages, sign out (spec §2.8). */
export function AccountMenu() {
  const { t } = useTranslation();
  const { api, hardNavigate } = useServices();
  const user = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const space = /^\/space-([a-z0-9]+)(?=\/|$)/i.exec(useLocation().pathname)?.[1]?.toLowerCase() ?? null;
  // His avatar in this space; none (an empty 204 answer, which the image cannot show) or unreadable: his initial.
  const [noPortrait, setNoPortrait] = useState(false);
  if (!user) return null;
  // Header pages (belong: 'header') are not in the side menu: the account menu leads to them, in-page.
  const headerPage = (id: string) => buildPath(ROUTES.find((r) => r.id === id)!, {}, space);

  async function choose(key: string) {
    try {
      if (key === 'signOut') {
        await api.post('/api/account/logout', {}, { json: true });
        hardNavigate('/home/login');
      } else if (IN_PAGE.includes(key)) {
        navigate(headerPage(key));
      } else if (key === 'modifyPassword') {
        hardNavigate('/home/modifyPassword');
      } else if (key.startsWith('space:')) {
        await api.post('/api/account/space', { spaceId: key.slice(6) }, { json: true });
        hardNavigate('/');
      }
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  return (
    <Dropdown
      trigger="click"
      droplist={
        <Menu onClickMenuItem={(key) => void choose(key)} selectedKeys={user.ownSpaceId ? [`space:${user.ownSpaceId}`] : []}>
          <Menu.ItemGroup title={t('shell.switchSpace')}>
            {user.spaces.map((space) => (
              <Menu.Item key={`space:${space.id}`} data-testid={`space-${space.id}`}>
                {space.name}
              </Menu.Item>
            ))}
          </Menu.ItemGroup>
          <Menu.Item key="messages.center" data-testid="account-messages">{t('routes.messages.center')}</Menu.Item>
          <Menu.Item key="messages.subscriptions" data-testid="account-subscriptions">{t('routes.messages.subscriptions')}</Menu.Item>
          <Menu.Item key="account.settings" data-testid="account-settings">{t('routes.account.settings')}</Menu.Item>
          <Menu.Item key="modifyPassword" data-testid="account-modify-password">{t('routes.account.modifyPassword')}</Menu.Item>
          <Menu.Item key="portal.helpCenter" data-testid="account-help">{t('routes.portal.helpCenter')}</Menu.Item>
          <Menu.Item key="portal.newsList" data-testid="account-news">{t('routes.portal.newsList')}</Menu.Item>
          <Menu.Item key="account.developerCenter" data-testid="account-developer">{t('routes.account.developerCenter')}</Menu.Item>
          <Menu.Item key="signOut" data-testid="sign-out">
            {t('shell.signOut')}
          </Menu.Item>
        </Menu>
      }
    >
      {/* A button, so the account menu opens from the keyboard too. */}
      <button type="button" className="qp-account" data-testid="account-menu">
        <Avatar size={28} aria-hidden>
          {user.entId && !noPortrait ? <img src={apiUrl('', space ? `/space-${space}` : '', portraitPath(user.id))} alt="" onError={() => setNoPortrait(true)} data-testid="account-portrait" /> : user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="qp-account-name">{user.name}</span>
      </button>
    </Dropdown>
  );
}
