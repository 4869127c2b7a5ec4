import { describe, expect, it } from 'vitest';
import { blankPng } from '../../tests/support/png.ts';
import { AppError } from './errors.ts';
import { IMAGE_LIMITS, boundedImages, type ImageLimits } from './images.ts';

const image = (name: string, width: number, height: number) => ({ name, mime: 'image/png', bytes: blankPng(width, height) });

/** The refusal boundedImages answers for these uploads: its message key and parameters, and how long it took. */
async function refusal(uploads: ReturnType<typeof image>[], limits: ImageLimits = IMAGE_LIMITS) {
  const started = Date.now();
  const error = await boundedImages(uploads, limits).then(() => null, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, key: error.key, params: error.params, ms: Date.now() - started };
}

describe('the work an image upload may cost is bounded before and while it is decoded', () => {
  it('refuses a 1 × 50,000,000 PNG by its side before decoding (it fits the area bound)', async () => {
    const answer = await refusal([image('strip.png', 1, 50_000_000)]);
    expect(answer).toMatchObject({ status: 422, key: 'forms.file.imageTooLong', params: { name: 'strip.png', width: 1, height: 50_000_000, max: IMAGE_LIMITS.side } });
    expect(answer.ms).toBeLessThan(5_000); // decoding it took about a minute
  });

  it("refuses a request whose images hold more pixels together than one request may, each within its own bounds", async () => {
    const answer = await refusal([image('a.png', 7000, 7000), image('b.png', 7000, 7000), image('c.png', 7000, 7000)]);
    expect(answer).toMatchObject({ status: 422, key: 'forms.file.imagesTooLarge', params: { total: 147, max: IMAGE_LIMITS.requestMegapixels } });
    const two = await boundedImages([image('a.png', 7000, 7000), image('b.png', 7000, 7000), { name: 'notes.txt', mime: 'text/plain', bytes: Buffer.from('x') }]);
    expect(two.map((u) => u.name)).toEqual(['a.png', 'b.png', 'notes.txt']);
  });

  it('stops a decode that outlasts the time limit with a 422 naming the file', async () => {
    // Bounds opened so that this costly strip (about 2 s to decode) reaches the decoder; the limit is 1 s here.
    const answer = await refusal([image('slow.png', 1, 5_000_000)], { ...IMAGE_LIMITS, side: 10_000_000, seconds: 1 });
    expect(answer).toMatchObject({ status: 422, key: 'forms.file.imageTooSlow', params: { name: 'slow.png', seconds: 1 } });
  });
});
