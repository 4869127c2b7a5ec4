import { IconDown, IconRight } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPath } from '../../shared/routes/match.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import { entryName } from '../../shared/org/navigation.ts';
import type { MenuGroup, NavigationLink } from './menus.ts';

/**
 * The side menu as plain navigation: a list of groups whose headers are buttons that show or hide their links.
 * Arco's Menu gave its group headers `aria-expanded` without a role and a `menu` role to a tree of links (axe:
 * aria-allowed-attr, aria-required-children); links in a nav are what this is. Groups start open: menus now hold
 * only built pages, so they are short. Long group names wrap instead of being clipped.
 */
export function SideMenu({ menu, current, spaceId, navigation = [] }: { menu: MenuGroup[]; current: RouteEntry; spaceId: string | null; navigation?: NavigationLink[] }) {
  const { t, i18n } = useTranslation();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (app: string) =>
    setClosed((before) => {
      const next = new Set(before);
      if (!next.delete(app)) next.add(app);
      return next;
    });
  return (
    <nav className="qp-sidenav" aria-label={t('shell.menu')}>
      <ul className="qp-sidenav-groups">
        {menu.map((group) => {
          const open = !closed.has(group.app);
          const listId = `qp-sidenav-${group.app}`;
          return (
            <li key={group.app}>
              <button
                type="button"
                className="qp-sidenav-group"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(group.app)}
                data-testid={`menu-group-${group.app}`}
              >
                <span className="qp-sidenav-group-name">{t(`apps.${group.app}`)}</span>
                {open ? <IconDown aria-hidden /> : <IconRight aria-hidden />}
              </button>
              <ul id={listId} className="qp-sidenav-links" hidden={!open}>
                {group.routes.map((entry) => (
                  <li key={entry.id}>
                    <a
                      href={current.spaced && entry.spaced ? buildPath(entry, {}, spaceId) : buildPath(entry, {})}
                      className="qp-sidenav-link"
                      aria-current={entry.id === current.id ? 'page' : undefined}
                      data-testid={`menu-item-${entry.id}`}
                    >
                      {t(entry.title)}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        {navigation.length > 0 && (
          <li>
            <button
              type="button"
              className="qp-sidenav-group"
              aria-expanded={!closed.has(NAV_GROUP)}
              aria-controls="qp-sidenav-navigation"
              onClick={() => toggle(NAV_GROUP)}
              data-testid="nav-menu-group"
            >
              <span className="qp-sidenav-group-name">{t('org.navigation.menuGroup')}</span>
              {closed.has(NAV_GROUP) ? <IconRight aria-hidden /> : <IconDown aria-hidden />}
            </button>
            <NavigationLinks id="qp-sidenav-navigation" links={navigation} hidden={closed.has(NAV_GROUP)} language={i18n.language} />
          </li>
        )}
      </ul>
    </nav>
  );
}

// Not a micro-app id, so it never collides with a group of pages.
const NAV_GROUP = '#navigation';

/**
 * The space's navigation entries (decision 0044). Web addresses open a new window without a handle on this one
 * (noopener noreferrer); a group entry is a labelled sub-list, one level deep. Text only, like the page links
 * above (the entries' icons are for the app terminal and the admin's list).
 */
function NavigationLinks({ id, links, hidden, language }: { id?: string; links: NavigationLink[]; hidden?: boolean; language: string }) {
  return (
    <ul id={id} className="qp-sidenav-links" hidden={hidden}>
      {links.map((link) => (
        <li key={link.id}>
          {link.children ? (
            <>
              <span className="qp-sidenav-link qp-muted" data-testid={`nav-menu-subgroup-${link.id}`}>{entryName(link, language)}</span>
              <NavigationLinks links={link.children} language={language} />
            </>
          ) : (
            <a
              href={link.href}
              className="qp-sidenav-link"
              data-testid={`nav-menu-item-${link.id}`}
              {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {entryName(link, language)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
