import { IconLeft } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { pageTitlesAtom, tabTitle } from '../page-title.ts';
import { DesktopVersionLink } from './DesktopVersionLink.tsx';
import { canGoBack } from './history.ts';
import { isTabRoot, MOBILE_HOME, mobileHref, spaceOfPath } from './mobile-paths.ts';

/**
 * The top bar of a mobile page: its title (the one the page gave itself, else its route's) and, where the page is
 * not a tab's own page, a back button — back in history, or to the home tab when the page was opened directly — and
 * on the right the way to the desktop version (decision 0115).
 */
export function MobileTopBar({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const space = spaceOfPath(useLocation().pathname);
  const titles = useAtomValue(pageTitlesAtom);
  const title = tabTitle(titles, match, t(match.route.title));
  const back = !isTabRoot(match.route.id, match.query);
  const goBack = () => (canGoBack() ? navigate(-1) : navigate(mobileHref('portal.mobileHome', space) ?? MOBILE_HOME));

  return (
    <header className="qp-m-top" data-testid="m-topbar">
      {back ? (
        <button type="button" className="qp-m-back" onClick={goBack} aria-label={t('mobileShell.back')} data-testid="m-back">
          <IconLeft aria-hidden />
        </button>
      ) : (
        <span className="qp-m-back-space" aria-hidden />
      )}
      <h1 className="qp-m-title" data-testid="m-title">{title}</h1>
      <DesktopVersionLink iconOnly className="qp-m-back" />
    </header>
  );
}
