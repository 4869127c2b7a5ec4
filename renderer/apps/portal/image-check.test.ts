import { describe, expect, it } from 'vitest';
import { imageProblem } from './image-check.ts';

const file = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });
const sized = (width: number, height: number) => async () => ({ width, height });

describe('portal image checks in the browser (§5)', () => {
  it('takes a 640×400 png cover of at most 2 MB, and refuses other sizes, types, big files and odd names', async () => {
    expect(await imageProblem('cover', file('cover.png', 1000, 'image/png'), sized(640, 400))).toBeNull();
    expect(await imageProblem('cover', file('封面 1.jpg', 1000, 'image/jpeg'), sized(640, 400))).toBeNull();
    expect((await imageProblem('cover', file('cover.png', 1000, 'image/png'), sized(641, 400)))?.key).toBe('portal.ui.image.exact');
    expect((await imageProblem('cover', file('cover.gif', 1000, 'image/gif'), sized(640, 400)))?.key).toBe('portal.ui.image.type');
    expect((await imageProblem('cover', file('cover.png', 1000, 'image/gif'), sized(640, 400)))?.key).toBe('portal.ui.image.type');
    expect((await imageProblem('cover', file('cover.png', 2 * 1024 * 1024 + 1, 'image/png'), sized(640, 400)))?.key).toBe('portal.ui.image.size');
    expect((await imageProblem('cover', file('co<ver>.png', 1000, 'image/png'), sized(640, 400)))?.key).toBe('portal.ui.image.name');
    expect((await imageProblem('cover', file('cover.png', 1000, 'image/png'), async () => null))?.key).toBe('portal.ui.image.unreadable');
  });

  it('takes a 1080×420 carousel image, and a square custom image of at least 500 px and 300 KB', async () => {
    expect(await imageProblem('carousel', file('slide.jpg', 1000, 'image/jpeg'), sized(1080, 420))).toBeNull();
    expect((await imageProblem('carousel', file('slide.jpg', 1000, 'image/jpeg'), sized(1080, 400)))?.key).toBe('portal.ui.image.exact');
    expect(await imageProblem('custom', file('icon.gif', 1000, 'image/gif'), sized(500, 500))).toBeNull();
    expect((await imageProblem('custom', file('icon.png', 1000, 'image/png'), sized(499, 499)))?.key).toBe('portal.ui.image.square');
    expect((await imageProblem('custom', file('icon.png', 1000, 'image/png'), sized(600, 500)))?.key).toBe('portal.ui.image.square');
    expect((await imageProblem('custom', file('icon.png', 300 * 1024 + 1, 'image/png'), sized(600, 600)))?.key).toBe('portal.ui.image.size');
  });
});
