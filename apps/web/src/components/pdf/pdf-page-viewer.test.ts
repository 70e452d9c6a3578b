import { describe, expect, it } from 'vitest';
import { pageBox } from './pdf-page-viewer.tsx';

const landscape = { width: 792, height: 612 };

describe('pageBox: how a page is drawn in its frame', () => {
  it('is nothing before the frame is measured', () => {
    expect(pageBox(0, landscape, 1.5, Infinity)).toEqual({ scale: 0, width: 0, height: 0 });
  });

  it('fills a narrow frame, the scale floored to two decimals and the box to whole pixels', () => {
    // 358 / 792 = 0.452… → 0.45
    expect(pageBox(358, landscape, 1.5, Infinity)).toEqual({ scale: 0.45, width: 356, height: 275 });
  });

  it('stops at the largest scale in a wide frame, and at the tallest height allowed', () => {
    expect(pageBox(2000, landscape, 1.5, Infinity)).toEqual({ scale: 1.5, width: 1188, height: 918 });
    expect(pageBox(2000, landscape, 1.5, 306)).toEqual({ scale: 0.5, width: 396, height: 306 });
  });
});
