import { Carousel } from '@arco-design/web-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomComponent, QuickEntryComponent, QuickItem } from '../../../../shared/portal/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { AppIcon } from '../../../shell/app-icon.tsx';
import { imageUrl } from '../portal-api.ts';
import { EmptyState } from './ComponentFrame.tsx';
import { PortalLink } from './PortalLink.tsx';

/** A quick entry's icon: a named icon, a colour block with the entry's first letter, or its uploaded image. */
export function QuickIcon({ item, spaceUri }: { item: QuickItem; spaceUri: string }) {
  if (item.iconType === 'image') return <img className="qp-portal-quick-icon" src={imageUrl(spaceUri, item.icon)} alt="" />;
  if (item.iconType === 'colour') {
    return (
      <span className="qp-portal-quick-icon qp-portal-quick-colour" style={{ background: item.icon }} aria-hidden>
        {[...item.name][0] ?? ''}
      </span>
    );
  }
  return (
    <span className="qp-portal-quick-icon" aria-hidden>
      <AppIcon name={item.icon} />
    </span>
  );
}

/** Quick entries: a grid of `itemsPerLine` per row, a list with descriptions, or the rotation carousel (1080×420 images). */
export function QuickEntryView({ component, match }: { component: QuickEntryComponent; match: RouteMatch }) {
  const { t } = useTranslation();
  const { items, itemsPerLine } = component.config;
  if (items.length === 0) return <EmptyState text={t('portal.ui.view.noEntries')} />;
  if (component.style === 'rotation') {
    return (
      <Carousel className="qp-portal-carousel" autoPlay showArrow="hover" indicatorType="line" data-testid={`portal-carousel-${component.id}`}>
        {items.map((item) => (
          <div key={item.id} className="qp-portal-slide">
            <PortalLink link={item.link} match={match} testId={`portal-entry-${item.id}`}>
              <img src={item.iconType === 'image' ? imageUrl(match.spaceUri, item.icon) : undefined} alt={item.name} />
              <span className="qp-portal-slide-name">{item.name}</span>
            </PortalLink>
          </div>
        ))}
      </Carousel>
    );
  }
  const grid = { '--qp-per-line': itemsPerLine } as CSSProperties;
  return (
    <ul className={`qp-portal-quick qp-portal-quick-${component.style}`} style={grid}>
      {items.map((item) => (
        <li key={item.id}>
          <PortalLink link={item.link} match={match} className="qp-portal-quick-entry" testId={`portal-entry-${item.id}`}>
            <QuickIcon item={item} spaceUri={match.spaceUri} />
            <span className="qp-portal-quick-name">{item.name}</span>
            {component.style === 'list' && item.description && <span className="qp-portal-meta">{item.description}</span>}
          </PortalLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Custom component: the server's sanitised HTML, drawn once more inside a sandboxed frame without scripts (decision
 * 0061) so even a sanitiser gap cannot run code or restyle the page; links open in a new tab.
 */
export function CustomView({ component, spaceUri }: { component: CustomComponent; spaceUri: string }) {
  const { t } = useTranslation();
  const { html, image } = component.config;
  if (!html.trim() && !image) return <EmptyState text={t('portal.ui.view.noContent')} />;
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{margin:0;font:14px/1.6 system-ui,sans-serif;color:#1d2129;overflow-wrap:anywhere}img{max-width:100%}</style></head><body>${html}</body></html>`;
  return (
    <div className="qp-portal-custom">
      {image && <img className="qp-portal-custom-image" src={imageUrl(spaceUri, image)} alt="" />}
      {html.trim() && (
        <iframe
          className="qp-portal-custom-frame"
          title={component.name}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={doc}
          data-testid={`portal-custom-${component.id}`}
        />
      )}
    </div>
  );
}
