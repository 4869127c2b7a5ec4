import { IconDesktop } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { chooseDesktop, desktopTwin } from './phone-redirect.ts';

/**
 * "Desktop version" on a phone page (decision 0115): the desktop page this one stands for, and the choice kept on
 * this browser, so a phone is no longer sent back to the phone pages. The choice is stored before the shell's link
 * handler navigates (React's handler runs first), so the shell already sees it on arrival.
 */
export function DesktopVersionLink({ iconOnly = false, className }: { iconOnly?: boolean; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = t('mobileShell.desktopVersion');
  return (
    <a
      href={desktopTwin(location.pathname + location.search)}
      className={className}
      onClick={chooseDesktop}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      data-testid="m-desktop-version"
    >
      {iconOnly ? <IconDesktop aria-hidden /> : label}
    </a>
  );
}
