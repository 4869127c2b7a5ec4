import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PortalLink as Link } from '../../../../shared/portal/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { builtPath, focusSearch, linkAction, startScan } from './links.ts';

/** A quick entry's content wrapped in what its link type does: a page, a new tab, the scan or search, or nothing. */
export function PortalLink({ link, match, children, className, testId }: { link: Link; match: RouteMatch; children: ReactNode; className?: string; testId?: string }) {
  const navigate = useNavigate();
  const action = linkAction(link, match);
  if (action.kind === 'href') {
    return action.newTab ? (
      <a href={action.href} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
        {children}
      </a>
    ) : (
      <a href={action.href} className={className} data-testid={testId}>
        {children}
      </a>
    );
  }
  if (action.kind === 'text') return <span className={className} data-testid={testId}>{children}</span>;
  const run = () => (action.kind === 'scan' ? startScan(builtPath(match, 'forms.qrcode'), navigate) : focusSearch());
  return (
    <button type="button" className={`qp-portal-linkbutton ${className ?? ''}`} onClick={run} data-testid={testId}>
      {children}
    </button>
  );
}
