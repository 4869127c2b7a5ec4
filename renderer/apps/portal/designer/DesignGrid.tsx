import { Badge, Button } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useMemo, type RefObject } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import { PORTAL_LIMITS, type ComponentType, type PortalComponent } from '../../../../shared/portal/model.ts';
import { DEFAULT_SIZE, type GridCell } from './designer-model.ts';

const ROW_HEIGHT = 36;

/**
 * The 12-column grid of the designer on react-grid-layout (decision 0061): components move by dragging their body,
 * resize from the corner, and palette types drop in where the pointer is. Positions go back through `onLayout`,
 * which keeps them inside the grid (designer-model.ts).
 */
export function DesignGrid(props: {
  components: readonly PortalComponent[];
  selected: string | null;
  problemCount(index: number): number;
  dragging: ComponentType | null;
  onSelect(id: string): void;
  onRemove(id: string): void;
  onLayout(cells: GridCell[]): void;
  onDropType(type: ComponentType, at: { x: number; y: number }): void;
}) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = useMemo<Layout>(() => props.components.map((c) => ({ i: c.id, ...c.place })), [props.components]);
  const size = props.dragging ? DEFAULT_SIZE[props.dragging] : { w: 4, h: 4 };
  const cells = (next: Layout): GridCell[] => next.filter((item) => item.i !== '__dropping-elem__').map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

  return (
    <div ref={containerRef as RefObject<HTMLDivElement>} className="qp-design-grid" data-testid="design-grid">
      {props.components.length === 0 && <p className="qp-design-grid-empty">{t('portal.ui.designer.emptyGrid')}</p>}
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: PORTAL_LIMITS.columns, rowHeight: ROW_HEIGHT, margin: [8, 8], maxRows: PORTAL_LIMITS.rows }}
          dragConfig={{ enabled: true, cancel: '.qp-design-nodrag' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          dropConfig={{ enabled: true, defaultItem: size, onDragOver: () => (props.dragging ? size : false) }}
          droppingItem={{ i: '__dropping-elem__', x: 0, y: 0, ...size }}
          onDragStop={(next) => props.onLayout(cells(next))}
          onResizeStop={(next) => props.onLayout(cells(next))}
          onDrop={(_, item) => props.dragging && item && props.onDropType(props.dragging, { x: item.x, y: item.y })}
          className="qp-design-layout"
        >
          {props.components.map((c, index) => {
            const count = props.problemCount(index);
            return (
              <div
                key={c.id}
                className={`qp-design-item${props.selected === c.id ? ' qp-design-item-selected' : ''}${count ? ' qp-design-item-problem' : ''}`}
                onClick={() => props.onSelect(c.id)}
                data-testid={`design-item-${c.id}`}
                data-type={c.type}
              >
                <div className="qp-design-item-head">
                  <span className="qp-design-item-type">{t(`portal.ui.type.${c.type}`)}</span>
                  {count > 0 && <Badge count={count} aria-label={t('portal.ui.designer.problemCount', { count })} />}
                  <Button
                    className="qp-design-nodrag"
                    size="mini"
                    type="text"
                    status="danger"
                    icon={<IconDelete />}
                    aria-label={t('portal.ui.designer.remove', { name: c.name })}
                    onClick={(event) => (event.stopPropagation(), props.onRemove(c.id))}
                    data-testid={`design-remove-${c.id}`}
                  />
                </div>
                <button type="button" className="qp-design-item-name qp-design-nodrag" onClick={() => props.onSelect(c.id)} data-testid={`design-select-${c.id}`}>
                  {c.name}
                </button>
                <span className="qp-design-item-style">{t(`portal.ui.style.${c.style}`)}</span>
              </div>
            );
          })}
        </ReactGridLayout>
      )}
    </div>
  );
}
