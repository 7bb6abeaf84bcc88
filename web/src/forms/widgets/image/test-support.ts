import { vi } from 'vitest';

/** A stand-in 2D canvas: toBlob answers the asked type when listed in `encodes`, else PNG as browsers do. */
export function stubCanvas(encodes: readonly string[] = ['image/png', 'image/jpeg', 'image/webp']) {
  const context = { clearRect: vi.fn(), fillRect: vi.fn(), drawImage: vi.fn(), fillStyle: '' };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback, type) {
    const encoded = type && encodes.includes(type) ? type : 'image/png';
    callback(new Blob(['encoded'], { type: encoded }));
  });
  return context;
}

/** A browser without canvas support: getContext('2d') answers null. */
export function stubNoCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}

/** jsdom decodes no images: an Image that loads (or fails) as soon as its src is set. */
export function stubImageLoading(outcome: 'load' | 'error' = 'load') {
  class LoadingImage extends EventTarget {
    #src = '';
    get src() {
      return this.#src;
    }
    set src(value: string) {
      this.#src = value;
      queueMicrotask(() => this.dispatchEvent(new Event(outcome)));
    }
  }
  vi.stubGlobal('Image', LoadingImage);
}

/** jsdom has no object URLs; each blob gets a distinct fake one. */
export function stubObjectUrls() {
  let count = 0;
  const create = vi.fn((_blob: Blob) => `blob:test/${++count}`);
  const revoke = vi.fn();
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return { create, revoke };
}

/** A GIF of `frames` 1×1 images (GIF89a, global colour table of 2 colours), as an encoder writes it. */
export function gifBytes(frames: number): Uint8Array<ArrayBuffer> {
  const header = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  const loop = [0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0];
  const frame = [
    ...[0x21, 0xf9, 4, 0, 10, 0, 0, 0],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[2, 2, 0x44, 0x01, 0],
  ];
  const body = Array.from({ length: frames }, () => frame).flat();
  return new Uint8Array([...header, ...(frames > 1 ? loop : []), ...body, 0x3b]);
}
