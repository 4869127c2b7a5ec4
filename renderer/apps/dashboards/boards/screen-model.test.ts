import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../../../../shared/dashboards/model.ts';
import { newScreen } from './board-model.ts';
import { addScreenItem, clampPixels, deviceReading, fitStage, MIN_ITEM, moved, newScreenItemPlace, rescaleItems, resized, toDesign } from './screen-model.ts';

const HD = { width: 1920, height: 1080 };

describe('fitting a screen to the display', () => {
  it('scales a 1920×1080 screen to a 1280×720 window exactly, with no bars', () => {
    expect(fitStage(HD, { width: 1280, height: 720 })).toEqual({ scale: 2 / 3, left: 0, top: 0 });
  });

  it('keeps the aspect ratio: a wider box gets bars left and right, a taller one above and below', () => {
    const wide = fitStage(HD, { width: 2000, height: 540 });
    expect(wide.scale).toBe(0.5);
    expect(wide).toMatchObject({ left: (2000 - 960) / 2, top: 0 });
    const tall = fitStage(HD, { width: 960, height: 1000 });
    expect(tall.scale).toBe(0.5);
    expect(tall).toMatchObject({ left: 0, top: (1000 - 540) / 2 });
  });

  it('scales a 4K screen down to a 1080p display and a 1366×768 one up to it', () => {
    expect(fitStage({ width: 3840, height: 2160 }, HD).scale).toBe(0.5);
    // 1366×768 is a little wider than 16:9: the width decides, thin bars above and below.
    const laptop = fitStage({ width: 1366, height: 768 }, HD);
    expect(laptop.scale).toBeCloseTo(1920 / 1366, 6);
    expect(laptop.left).toBe(0);
    expect(laptop.top).toBeGreaterThan(0);
  });

  it('answers scale 1 for a box not measured yet (0 × 0), never NaN or Infinity', () => {
    expect(fitStage(HD, { width: 0, height: 0 })).toEqual({ scale: 1, left: 0, top: 0 });
  });

  it('turns pointer pixels on the scaled stage into design pixels', () => {
    expect(toDesign(50, 0.5)).toBe(100);
    expect(toDesign(50, 0)).toBe(50);
  });
});

describe('moving and resizing items in design pixels', () => {
  const place = { x: 100, y: 100, w: 400, h: 300 };

  it('divides the pointer move by the scale and snaps to 10 px', () => {
    expect(moved(place, 52, -21, 0.5, HD)).toEqual({ x: 200, y: 60, w: 400, h: 300 });
  });

  it('keeps a moved item on the stage', () => {
    expect(moved(place, 5000, 5000, 1, HD)).toEqual({ x: 1520, y: 780, w: 400, h: 300 });
    expect(moved(place, -5000, -5000, 1, HD)).toEqual({ x: 0, y: 0, w: 400, h: 300 });
  });

  it('resizes from the corner, never below the smallest item nor past the stage edge', () => {
    expect(resized(place, 100, 50, 1, HD)).toEqual({ x: 100, y: 100, w: 500, h: 350 });
    expect(resized(place, -1000, -1000, 1, HD)).toMatchObject({ w: MIN_ITEM, h: MIN_ITEM });
    expect(resized(place, 9000, 9000, 1, HD)).toEqual({ x: 100, y: 100, w: 1820, h: 980 });
  });

  it('clamps typed or broken values to whole pixels inside the stage', () => {
    expect(clampPixels({ x: -5, y: 10.6, w: Number.NaN, h: 99999 }, HD)).toEqual({ x: 0, y: 0, w: MIN_ITEM, h: 1080 });
  });

  it('places new items as a share of the stage, where they cover nothing', () => {
    const first = newScreenItemPlace('chart', [], HD);
    expect(first).toEqual({ x: 40, y: 40, w: 610, h: 390 });
    const items: BoardItem[] = [{ id: 'a', kind: 'chart', chartId: '1', place: first }];
    const second = newScreenItemPlace('chart', items, HD);
    expect(second.y).toBe(40);
    expect(second.x).toBeGreaterThanOrEqual(first.x + first.w);
    const big = newScreenItemPlace('chart', [], { width: 3840, height: 2160 });
    expect(big.w / first.w).toBeCloseTo(2, 1);
  });

  it('cascades from the top-left when the stage has no free place left', () => {
    const full: BoardItem[] = [{ id: 'a', kind: 'text', place: { x: 0, y: 0, w: 1920, h: 1080 } }];
    expect(newScreenItemPlace('clock', full, HD)).toMatchObject({ x: 80, y: 80 });
  });

  it('adds items up to the board limit, then refuses', () => {
    let draft = newScreen('Wall', [1920, 1080], 'dark-blue');
    for (let i = 0; i < 60; i += 1) {
      const result = addScreenItem(draft, { kind: 'clock' });
      if ('refused' in result) throw new Error('refused too early');
      draft = result.draft;
    }
    expect(addScreenItem(draft, { kind: 'clock' })).toEqual({ refused: 'tooMany' });
  });

  it('rescales the layout with the resolution, keeping the composition', () => {
    const items: BoardItem[] = [{ id: 'a', kind: 'text', text: 'T', place: { x: 960, y: 540, w: 960, h: 540 } }];
    expect(rescaleItems(items, HD, { width: 3840, height: 2160 })[0]!.place).toEqual({ x: 1920, y: 1080, w: 1920, h: 1080 });
    expect(rescaleItems(items, HD, { width: 1366, height: 768 })[0]!.place).toEqual({ x: 683, y: 384, w: 683, h: 384 });
  });
});

describe('device readings', () => {
  it('shows a number, a JSON value or its first number, or the text', () => {
    expect(deviceReading('68.4')).toBe('68.4');
    expect(deviceReading('{"value": 0.72, "unit": "MPa"}')).toBe('0.72');
    expect(deviceReading('{"unit": "C", "t": 21.5}')).toBe('21.5');
    expect(deviceReading('RUN')).toBe('RUN');
    expect(deviceReading('')).toBe('—');
    expect(deviceReading(undefined)).toBe('—');
    expect(deviceReading('x'.repeat(60))).toHaveLength(40);
  });
});
