import { describe, expect, it } from 'vitest';
import { isAnimatedGif, isAnimatedGifFile } from './gif-frames';
import { gifBytes } from './test-support';

describe('animated GIF detection', () => {
  it('counts a single-frame GIF as still', () => {
    expect(isAnimatedGif(gifBytes(1))).toBe(false);
  });

  it('finds the second frame of an animation', () => {
    expect(isAnimatedGif(gifBytes(2))).toBe(true);
    expect(isAnimatedGif(gifBytes(5))).toBe(true);
  });

  it('takes anything that is not a GIF as not animated', () => {
    expect(isAnimatedGif(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(isAnimatedGif(new Uint8Array([]))).toBe(false);
  });

  it('stops at a truncated file without claiming frames it did not see', () => {
    const whole = gifBytes(2);
    expect(isAnimatedGif(whole.subarray(0, 40))).toBe(false);
  });

  it('reads a file', async () => {
    await expect(isAnimatedGifFile(new File([gifBytes(3)], 'a.gif', { type: 'image/gif' }))).resolves.toBe(
      true,
    );
  });
});
