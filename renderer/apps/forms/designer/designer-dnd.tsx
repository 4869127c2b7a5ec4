import { DndContext, DragOverlay, PointerSensor, pointerWithin, useDraggable, useDroppable, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FieldType } from '../../../../shared/forms/fields.ts';
import { TYPE_ICON, typeLabelKey } from './field-catalog.tsx';

const PALETTE = 'palette:';
const CANVAS = 'canvas';

/** A field under the pointer wins over the canvas around it; off the canvas, nothing (a drop there does nothing). */
const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const field = hits.find((hit) => hit.id !== CANVAS);
  return field ? [field] : hits;
};

interface Props {
  fields: FieldDef[];
  /** A palette type dropped on the canvas: insert it at `index` (before the field it was dropped on, or last). */
  onAdd(type: FieldType, index: number): void;
  onReorder(fields: FieldDef[]): void;
  children: ReactNode;
}

/**
 * Dragging in the designer (@dnd-kit): palette types onto the canvas, canvas fields to a new place. A pointer must
 * move a few pixels first, so a click still selects or adds; the arrow buttons remain for keyboards.
 */
export function DesignerDnd({ fields, onAdd, onReorder, children }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [dragging, setDragging] = useState<FieldType | null>(null);
  const start = ({ active }: DragStartEvent) => setDragging(String(active.id).startsWith(PALETTE) ? (String(active.id).slice(PALETTE.length) as FieldType) : null);
  const end = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const id = String(active.id);
    const target = over.id === CANVAS ? -1 : fields.findIndex((f) => f.key === over.id);
    if (id.startsWith(PALETTE)) return onAdd(id.slice(PALETTE.length) as FieldType, target < 0 ? fields.length : target);
    const from = fields.findIndex((f) => f.key === id);
    if (from >= 0 && target >= 0 && from !== target) onReorder(arrayMove(fields, from, target));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={collisions} onDragStart={start} onDragEnd={end} onDragCancel={() => setDragging(null)}>
      <SortableContext items={fields.map((f) => f.key)} strategy={rectSortingStrategy}>
        {children}
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className="qp-fd-palette-item qp-fd-drag-chip">
            <span className="qp-fd-palette-icon">{TYPE_ICON[dragging]}</span>
            {t(typeLabelKey(dragging))}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** A palette entry that can be dragged onto the canvas (its button still adds on click). */
export function PaletteDraggable({ type, disabled, children }: { type: FieldType; disabled: boolean; children: ReactNode }) {
  const { setNodeRef, listeners } = useDraggable({ id: `${PALETTE}${type}`, disabled });
  return (
    <div ref={setNodeRef} {...listeners} className="qp-fd-palette-wrap" data-testid={`palette-drag-${type}`}>
      {children}
    </div>
  );
}

/** The canvas as a drop target, so a type can be dropped on an empty form or below the last field. */
export function CanvasDropZone({ children }: { children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS });
  return (
    <div ref={setNodeRef} className={isOver ? 'qp-fd-drop qp-fd-drop-over' : 'qp-fd-drop'} data-testid="canvas-drop">
      {children}
    </div>
  );
}

type SortableBind = { ref(node: HTMLElement | null): void; listeners: ReturnType<typeof useSortable>['listeners']; style: CSSProperties };

/** One canvas field that can be dragged to another place: `children` puts the binding on the field's box. */
export function SortableField({ fieldKey, children }: { fieldKey: string; children(bind: SortableBind): ReactNode }) {
  const { setNodeRef, listeners, transform, transition, isDragging, active } = useSortable({ id: fieldKey });
  // A palette type is no member of the list: the fields stay put while it is dragged (it goes where it is dropped).
  const shift = active && !String(active.id).startsWith(PALETTE) ? CSS.Transform.toString(transform) : undefined;
  return <>{children({ ref: setNodeRef, listeners, style: { transform: shift, transition: shift ? transition : undefined, opacity: isDragging ? 0.5 : undefined } })}</>;
}
