import { IconDown, IconRight } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPath } from '../../shared/routes/match.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import type { MenuGroup } from './menus.ts';

/**
 * The side menu as plain navigation: a list of groups whose headers are buttons that show or hide their links.
 * Arco's Menu gave its group headers `aria-expanded` without a role and a `menu` role to a tree of links (axe:
 * aria-allowed-attr, aria-required-children); links in a nav are what this is. Groups start open: menus now hold
 * only built pages, so they are short. Long group names wrap instead of being clipped.
 */
export function SideMenu({ menu, current, spaceId }: { menu: MenuGroup[]; current: RouteEntry; spaceId: string | null }) {
  const { t } = useTranslation();
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
      </ul>
    </nav>
  );
}
