import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardItem } from '../../../../shared/dashboards/model.ts';
import type { Place } from './board-model.ts';
import { clampPixels, moved, resized, SNAP, type Size } from './screen-model.ts';

interface Gesture {
  id: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  from: Place;
}

/**
 * The designer's free layout on a scaled stage: an item moves by dragging its body and resizes from its bottom-right
 * corner; pointer moves are turned into design pixels by the stage's scale, snapped to 10 px and kept on the stage
 * (screen-model.ts). The selected item also moves with the arrow keys (Shift: resize), for keyboards and precision.
 * The place shown while dragging is local; the draft changes once, when the pointer is released.
 */
export function ScreenCanvas(props: {
  items: readonly BoardItem[];
  stage: Size;
  scale: number;
  selected: string | null;
  render(item: BoardItem): ReactNode;
  onSelect(id: string | null): void;
  onPlace(id: string, place: Place): void;
  problemAt(index: number): boolean;
}) {
  const { t } = useTranslation();
  const gesture = useRef<Gesture | null>(null);
  const [live, setLive] = useState<{ id: string; place: Place } | null>(null);

  const start = (event: PointerEvent<HTMLElement>, item: BoardItem, mode: Gesture['mode']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current = { id: item.id, mode, startX: event.clientX, startY: event.clientY, from: item.place };
    props.onSelect(item.id);
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g) return;
    const dx = event.clientX - g.startX;
    const dy = event.clientY - g.startY;
    const place = g.mode === 'move' ? moved(g.from, dx, dy, props.scale, props.stage) : resized(g.from, dx, dy, props.scale, props.stage);
    setLive({ id: g.id, place });
  };
  const end = () => {
    const g = gesture.current;
    gesture.current = null;
    if (g && live && live.id === g.id) props.onPlace(g.id, live.place);
    setLive(null);
  };
  const keys = (event: KeyboardEvent<HTMLElement>, item: BoardItem) => {
    const step = { ArrowLeft: [-SNAP, 0], ArrowRight: [SNAP, 0], ArrowUp: [0, -SNAP], ArrowDown: [0, SNAP] }[event.key];
    if (!step) return;
    event.preventDefault();
    const [dx, dy] = step as [number, number];
    const p = item.place;
    props.onPlace(item.id, clampPixels(event.shiftKey ? { ...p, w: p.w + dx, h: p.h + dy } : { ...p, x: p.x + dx, y: p.y + dy }, props.stage));
  };

  return (
    <div className="qp-screen-canvas" onPointerDown={() => props.onSelect(null)} data-testid="screen-canvas">
      {props.items.map((item, index) => {
        const place = live?.id === item.id ? live.place : item.place;
        const selected = props.selected === item.id;
        return (
          <div
            key={item.id}
            className={`qp-screen-item qp-screen-item-${item.kind} qp-screen-item-editable${selected ? ' qp-screen-item-selected' : ''}${props.problemAt(index) ? ' qp-screen-item-problem' : ''}`}
            style={{ left: place.x, top: place.y, width: place.w, height: place.h }}
            role="button"
            tabIndex={0}
            aria-pressed={selected}
            data-testid={`screen-item-${item.id}`}
            data-place={`${place.x},${place.y},${place.w},${place.h}`}
            onPointerDown={(event) => start(event, item, 'move')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            onKeyDown={(event) => keys(event, item)}
            onFocus={() => props.onSelect(item.id)}
          >
            {/* The name is the item's own text after its kind and box (axe: a label must contain what is shown). */}
            <span className="qp-screen-hidden">{t('dashboards.boards.designer.itemLabel', { kind: t(`dashboards.boards.item.kind.${item.kind}`), x: place.x, y: place.y, w: place.w, h: place.h })}</span>
            <div className="qp-screen-item-inert">{props.render(item)}</div>
            <span
              className="qp-screen-resize"
              aria-hidden
              data-testid={`screen-resize-${item.id}`}
              onPointerDown={(event) => start(event, item, 'resize')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
            />
          </div>
        );
      })}
    </div>
  );
}
