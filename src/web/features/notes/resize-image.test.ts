import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_PHOTO_EDGE } from './resize-image.ts';

describe('fitWithin', () => {
  it('brings the long edge down to 2048 px, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: MAX_PHOTO_EDGE, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: MAX_PHOTO_EDGE });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
