/**
 * Whether a GIF holds more than one frame. Cropping goes through a canvas, which keeps only the first
 * frame, so an animated GIF is uploaded uncropped. Walks the GIF block structure (GIF89a spec) and
 * stops at the second image descriptor; anything that is not a readable GIF counts as not animated.
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  const at = (index: number) => bytes[index] ?? 0;
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return false;
  const colorTableSize = (flags: number) => (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);

  let position = 13 + colorTableSize(at(10));
  const skipSubBlocks = () => {
    while (position < bytes.length) {
      const size = at(position);
      position += 1;
      if (size === 0) return;
      position += size;
    }
  };

  let frames = 0;
  while (position < bytes.length) {
    const block = at(position);
    if (block === 0x21) {
      position += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      if (frames > 1) return true;
      position += 10 + colorTableSize(at(position + 9)) + 1;
      skipSubBlocks();
    } else {
      return false;
    }
  }
  return false;
}

/** Reads a file's bytes and tells whether it is an animated GIF (see isAnimatedGif). */
export async function isAnimatedGifFile(file: Blob): Promise<boolean> {
  // FileReader rather than Blob.arrayBuffer, which some engines (jsdom among them) still lack.
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(reader.result as ArrayBuffer));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read')));
    reader.readAsArrayBuffer(file);
  });
  return isAnimatedGif(new Uint8Array(buffer));
}
