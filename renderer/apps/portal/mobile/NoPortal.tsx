import { IconApps, IconCheckSquare, IconNotification, IconRight } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { allowedRoutesAtom } from '../../../kernel/atoms.ts';
import { builtPath } from '../viewer/links.ts';

/** The ways to one's work from an empty home; `forms.mobileApps` is the forms app's phone list of applications. */
const ENTRIES: ReadonlyArray<{ routeId: string; key: string; icon: ReactNode }> = [
  { routeId: 'workflow.mobileTodo', key: 'todo', icon: <IconCheckSquare /> },
  { routeId: 'messages.mobileCenter', key: 'messages', icon: <IconNotification /> },
  { routeId: 'forms.mobileApps', key: 'apps', icon: <IconApps /> },
];

/**
 * The home when the terminal opens no portal for the member (none he may see, or none is the default and he may
 * choose one with the switch above): a short note and links to his to-dos, messages and
 * applications — each only when its page exists in the route table, is built and he may open it, so a link appears
 * by itself once the page lands.
 */
export function NoPortal({ match, choosable }: { match: RouteMatch; choosable: boolean }) {
  const { t } = useTranslation();
  const allowed = useAtomValue(allowedRoutesAtom);
  // Several homes may stay mounted in the page cache: each names its own heading.
  const titleId = useId();
  const links = ENTRIES.flatMap((entry) => {
    const href = allowed.some((r) => r.id === entry.routeId) ? builtPath(match, entry.routeId) : null;
    return href ? [{ ...entry, href }] : [];
  });
  return (
    <section className="qp-m-noportal" aria-labelledby={titleId} data-testid="m-no-portal">
      <h2 id={titleId} className="qp-m-noportal-title">{t(choosable ? 'mobileShell.home.noDefault' : 'mobileShell.home.noPortal')}</h2>
      <p className="qp-m-noportal-hint">{t(choosable ? 'mobileShell.home.noDefaultHint' : 'mobileShell.home.noPortalHint')}</p>
      <ul className="qp-m-links">
        {links.map((link) => (
          <li key={link.key}>
            <a className="qp-m-link" href={link.href} data-testid={`m-home-${link.key}`}>
              <span className="qp-m-link-icon" aria-hidden>{link.icon}</span>
              <span className="qp-m-link-text">{t(`mobileShell.home.link.${link.key}`)}</span>
              <IconRight aria-hidden />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
