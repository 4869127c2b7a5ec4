import { Alert, Layout } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../shared/routes/match.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import { allowedRoutesAtom, loadingAtom, nakedAtom, offlineAtom, sessionAtom } from '../kernel/atoms.ts';
import { Header } from './header/Header.tsx';
import { PlatformBanner } from './header/PlatformBanner.tsx';
import { menuFor, navigationLinks } from './menus.ts';
import { MobileTabBar } from './mobile/MobileTabBar.tsx';
import { MobileTopBar } from './mobile/MobileTopBar.tsx';
import { useMobileDocument } from './mobile/use-mobile-document.ts';
import { LiveNotices } from './LiveNotices.tsx';
import { useMyNavigation } from './navigation-menu.ts';
import { SideMenu } from './SideMenu.tsx';

/**
 * One frame for the five layouts (index, root, customer, access, mobile). The page area keeps the same position in
 * the tree whatever the layout, so cached pages stay mounted when the layout changes. The mobile layout
 * (decision 0064) has no header, side menu or loading bar: a top bar and a bottom tab bar once signed in.
 */
export function Frame({ route, match, children }: { route: RouteEntry; match?: RouteMatch; children: ReactNode }) {
  const { t } = useTranslation();
  const naked = useAtomValue(nakedAtom);
  const loading = useAtomValue(loadingAtom);
  const offline = useAtomValue(offlineAtom);
  const user = useAtomValue(sessionAtom);
  const allowed = useAtomValue(allowedRoutesAtom);
  const layout = route.layout;
  const menu = useMemo(() => (layout === 'access' ? [] : menuFor(allowed, user?.roles ?? [])), [layout, allowed, user]);
  const mobile = layout === 'mobile';
  const withHeader = !naked && layout !== 'access' && !mobile;
  const mobileChrome = mobile && !naked && !!user && route.id !== 'shell.mobileLogin';
  useMobileDocument(mobile);
  const spaceId = user?.entId && user.entId !== user.ownSpaceId ? user.entId : null;
  const myNavigation = useMyNavigation(user, withHeader);
  // Links keep the space prefix on the same terms as the menu's own page links.
  const navigation = useMemo(() => navigationLinks(myNavigation, route.spaced ? spaceId : null), [myNavigation, route.spaced, spaceId]);
  const withMenu = withHeader && (menu.length > 0 || navigation.length > 0);

  return (
    <Layout className={`qp-frame qp-layout-${layout}`} data-layout={layout} data-naked={naked}>
      {loading && !mobile && <div className="qp-loading-bar" />}
      {withHeader && <Header />}
      {mobileChrome && match && <MobileTopBar match={match} />}
      {offline && <Alert type="warning" banner content={t('shell.offline')} data-testid="offline-banner" />}
      {withHeader && user && <PlatformBanner />}
      <Layout className="qp-body">
        {withMenu && (
          <Layout.Sider className="qp-sider" width={220}>
            <SideMenu menu={menu} current={route} spaceId={spaceId} navigation={navigation} />
          </Layout.Sider>
        )}
        <Layout.Content className="qp-content">{children}</Layout.Content>
      </Layout>
      {mobileChrome && <MobileTabBar routeId={route.id} />}
      {user && <LiveNotices />}
    </Layout>
  );
}
