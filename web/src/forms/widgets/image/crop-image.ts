import type { Area } from 'react-easy-crop';
import { extensionOf } from '../../../lib/uploads';

/** The formats a canvas is asked for, by extension; browsers encode these (GIF, BMP, TIFF they do not). */
const ENCODABLE: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const JPEG_QUALITY = 0.92;

/** The file name's stem with another extension: `Ferien.Bern.bmp` → `Ferien.Bern.png`. */
export function renameExtension(name: string, extension: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem || 'image'}.${extension}`;
}

/**
 * The formats to try for a cropped image, best first, as [mime type, extension]: the original's own
 * format when a canvas can encode it, then PNG (lossless, for GIF, BMP and TIFF sources), then JPEG;
 * only those whose extension the entry accepts.
 */
export function outputFormats(name: string, allowed: readonly string[]): [string, string][] {
  const original = extensionOf(name);
  const candidates: [string, string][] = [];
  const add = (type: string, extension: string) => {
    if (!allowed.includes(extension)) return;
    if (candidates.some(([known]) => known === type)) return;
    candidates.push([type, extension]);
  };
  const own = ENCODABLE[original];
  if (own) add(own, original);
  add('image/png', 'png');
  add('image/jpeg', 'jpg');
  add('image/jpeg', 'jpeg');
  return candidates;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener('load', () => resolve(image));
    image.addEventListener('error', () => reject(new Error('The image could not be decoded')));
    image.src = src;
  });
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, JPEG_QUALITY));
}

/**
 * Draws the chosen area of the image into a canvas and encodes it (see outputFormats), keeping the
 * original's name stem. Answers null when no accepted format can be encoded; the caller then
 * uploads the original.
 */
export async function cropImage(
  src: string,
  name: string,
  area: Area,
  allowed: readonly string[],
): Promise<File | null> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const context = canvas.getContext('2d');
  if (!context) return null;

  for (const [type, extension] of outputFormats(name, allowed)) {
    context.clearRect(0, 0, canvas.width, canvas.height);
    // JPEG has no transparency; without a background transparent pixels would turn black.
    if (type === 'image/jpeg') {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
    }
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
    const blob = await encode(canvas, type);
    // A browser that cannot encode the type answers PNG instead; that is tried on its own turn.
    if (blob && blob.type === type) return new File([blob], renameExtension(name, extension), { type });
  }
  return null;
}
