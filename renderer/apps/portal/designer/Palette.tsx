import { Button, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { COMPONENT_TYPES, type ComponentType } from '../../../../shared/portal/model.ts';

/**
 * The six §3 component types: drag one onto the grid, or click to add it below the others. A single-use type
 * already on the portal (custom, message alert, my work) is greyed out and says why.
 */
export function Palette({ used, onAdd, onDragType }: { used: Set<ComponentType>; onAdd(type: ComponentType): void; onDragType(type: ComponentType | null): void }) {
  const { t } = useTranslation();
  return (
    <nav className="qp-design-palette" aria-label={t('portal.ui.designer.palette')}>
      <h2 className="qp-design-heading">{t('portal.ui.designer.palette')}</h2>
      {COMPONENT_TYPES.map((type) => {
        const taken = used.has(type);
        const button = (
          <Button
            long
            disabled={taken}
            className="qp-design-palette-item"
            draggable={!taken}
            onDragStart={(event) => {
              event.dataTransfer.setData('text/plain', type);
              onDragType(type);
            }}
            onDragEnd={() => onDragType(null)}
            onClick={() => onAdd(type)}
            aria-label={taken ? t('portal.ui.designer.onlyOnce', { type: t(`portal.ui.type.${type}`) }) : t('portal.ui.designer.add', { type: t(`portal.ui.type.${type}`) })}
            data-testid={`palette-${type}`}
          >
            {t(`portal.ui.type.${type}`)}
          </Button>
        );
        return taken ? (
          <Tooltip key={type} content={t('portal.ui.designer.onlyOnce', { type: t(`portal.ui.type.${type}`) })}>
            <span className="qp-design-palette-wrap">{button}</span>
          </Tooltip>
        ) : (
          <span key={type} className="qp-design-palette-wrap">{button}</span>
        );
      })}
    </nav>
  );
}
