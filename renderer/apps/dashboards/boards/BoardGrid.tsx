import { Button, Input } from '@arco-design/web-react';
import { IconDelete, IconDragDotVertical } from '@arco-design/web-react/icon';
import { useMemo, type ReactNode, type RefObject } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import { BOARD_LIMITS, type BoardItem } from '../../../../shared/dashboards/model.ts';
import { GRID_COLUMNS, GRID_ROW_HEIGHT, GRID_ROWS, toGridLayout, type Place } from './board-model.ts';

const MARGIN = 12;

/** The pixel height of an item of `rows` grid rows (react-grid-layout adds the margins between rows). */
export const rowsHeight = (rows: number) => rows * GRID_ROW_HEIGHT + (rows - 1) * MARGIN;

/**
 * A dashboard's 12-column grid on react-grid-layout (decision 0061 explains the library): fixed while viewing; in
 * edit mode items move by their handle, resize from the corner, text items are edited in place and every item has
 * a remove button. Positions go back through `onLayout`, which keeps them inside the grid (board-model.ts).
 */
export function BoardGrid(props: {
  items: readonly BoardItem[];
  editing: boolean;
  render(item: BoardItem, height: number): ReactNode;
  onLayout?(cells: Array<Place & { i: string }>): void;
  onRemove?(id: string): void;
  onText?(id: string, text: string): void;
  problemAt?(index: number): string | null;
}) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = useMemo<Layout>(() => toGridLayout(props.items), [props.items]);
  const cells = (next: Layout) => next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
  const editing = props.editing;

  return (
    <div ref={containerRef as RefObject<HTMLDivElement>} className={`qp-board-grid${editing ? ' qp-board-grid-editing' : ''}`} data-testid="board-grid">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: GRID_ROW_HEIGHT, margin: [MARGIN, MARGIN], maxRows: GRID_ROWS }}
          dragConfig={{ enabled: editing, handle: '.qp-board-handle' }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          onDragStop={(next) => props.onLayout?.(cells(next))}
          onResizeStop={(next) => props.onLayout?.(cells(next))}
        >
          {props.items.map((item, index) => {
            const problem = props.problemAt?.(index) ?? null;
            return (
              <div key={item.id} className={`qp-board-item qp-board-item-${item.kind}${problem ? ' qp-board-item-problem' : ''}`} data-testid={`board-item-${item.id}`} data-kind={item.kind}>
                {editing && (
                  <div className="qp-board-item-tools">
                    <span className="qp-board-handle" role="button" tabIndex={0} aria-label={t('dashboards.boards.edit.move')} data-testid={`board-move-${item.id}`}>
                      <IconDragDotVertical />
                    </span>
                    {problem && <span className="qp-board-item-problem-text" role="alert">{problem}</span>}
                    <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t('dashboards.boards.edit.remove')} onClick={() => props.onRemove?.(item.id)} data-testid={`board-remove-${item.id}`} />
                  </div>
                )}
                {editing && item.kind === 'text' ? (
                  <Input.TextArea
                    className="qp-board-text-edit"
                    value={item.text ?? ''}
                    maxLength={BOARD_LIMITS.text}
                    placeholder={t('dashboards.boards.item.textPlaceholder')}
                    aria-label={t('dashboards.boards.item.text')}
                    onChange={(text) => props.onText?.(item.id, text)}
                    data-testid={`board-text-edit-${item.id}`}
                  />
                ) : (
                  props.render(item, rowsHeight(item.place.h) - (editing ? 28 : 0))
                )}
              </div>
            );
          })}
        </ReactGridLayout>
      )}
    </div>
  );
}
