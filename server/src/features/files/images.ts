import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FormatEnum, Sharp } from 'sharp';
import { AppError } from '../../errors.ts';
import type { FileStorage, PutResult } from './storage/types.ts';

/** Previews are at most this wide (WebP). */
export const PREVIEW_WIDTH = 1600;

type OutputFormat = keyof Pick<FormatEnum, 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff'>;

const FORMATS: Readonly<Record<string, OutputFormat>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tif: 'tiff',
  tiff: 'tiff',
};

const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
};

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'webp':
      return image.webp({ quality: 90 });
    case 'tiff':
      // sharp's TIFF default is JPEG compression; LZW keeps the pixels as they were.
      return image.tiff({ compression: 'lzw' });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
  }
}

// sharp reports what libvips could not decode as a bare Error; failures of the storage (fs, SQL,
// S3, stream) carry a code or an SDK's metadata.
function isDecodeError(error: unknown): boolean {
  return (
    error instanceof Error && error.constructor === Error && !('code' in error) && !('$metadata' in error)
  );
}

function isPixelLimitError(error: unknown): boolean {
  return isDecodeError(error) && /pixel limit/i.test((error as Error).message);
}

export type StoredImage = PutResult & { contentType: string; previewKey: string | null };

/**
 * Stores an uploaded image without its metadata: EXIF orientation applied to the pixels, then
 * re-encoded in its own format with nothing but the pixels (sharp drops EXIF, GPS, XMP, IPTC and
 * converts to sRGB, dropping the ICC profile), plus a WebP preview at most 1600 px wide under
 * `previewKey`. sharp reads the whole image into memory to decode it; the upload's size limit
 * (applied before this) and sharp's pixel limit bound that. BMP is stored as it came: sharp's
 * libvips has no BMP loader, and BMP has no place for EXIF or GPS data.
 * Either both objects are stored or neither is; a picture sharp cannot read is refused with 415.
 */
export async function storeImage(
  storage: FileStorage,
  input: Readable,
  options: { key: string; previewKey: string; extension: string; maxPixels: number },
): Promise<StoredImage> {
  const format = FORMATS[options.extension];
  if (format === undefined) {
    const result = await storage.put(options.key, input, { contentType: 'image/bmp' });
    return { ...result, contentType: 'image/bmp', previewKey: null };
  }

  const animated = format === 'gif' || format === 'webp';
  // Loaded at the first image, not at the start: libvips costs some 30 MB and a second on a busy machine.
  const { default: sharp } = await import('sharp');
  // sharp reads the dimensions from the header and refuses past the limit before decoding a pixel.
  const source = sharp({ animated, limitInputPixels: options.maxPixels }).autoOrient();
  const main = encode(source.clone(), format);
  const preview = source
    .clone()
    .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 });

  // Errors also reach the puts that read these; a late one after a put gave up must not go unheard.
  for (const stream of [source, main, preview]) stream.on('error', () => {});
  let inputError: unknown;
  // The clones wait for the source to finish; when the upload fails instead they must be told.
  const fed = pipeline(input, source).catch((error: unknown) => {
    inputError = error;
    main.destroy(error as Error);
    preview.destroy(error as Error);
  });
  const results = await Promise.allSettled([
    storage.put(options.key, main, { contentType: CONTENT_TYPES[format] }),
    storage.put(options.previewKey, preview, { contentType: 'image/webp' }),
  ]);
  const [stored, previewStored] = results;
  if (stored.status === 'fulfilled' && previewStored.status === 'fulfilled') {
    await fed;
    return { ...stored.value, contentType: CONTENT_TYPES[format], previewKey: options.previewKey };
  }
  input.destroy();
  source.destroy();
  await fed;
  await Promise.allSettled([storage.delete(options.key), storage.delete(options.previewKey)]);
  if (inputError !== undefined) throw inputError;
  const reason: unknown =
    stored.status === 'rejected' ? stored.reason : (previewStored as PromiseRejectedResult).reason;
  if (isPixelLimitError(reason)) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The image has more than ${Math.floor(options.maxPixels / 1_000_000)} megapixels`,
    );
  }
  if (isDecodeError(reason)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read');
  throw reason;
}
