import { afterEach, describe, expect, it, vi } from 'vitest';
import { cropImage, outputFormats, renameExtension } from './crop-image';
import { stubCanvas, stubImageLoading } from './test-support';

const AREA = { x: 10, y: 20, width: 300, height: 200 };
const ALL = ['jpg', 'jpeg', 'gif', 'png', 'webp', 'bmp', 'tiff'];

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('cropped file names and formats', () => {
  it('keeps the stem and swaps the extension', () => {
    expect(renameExtension('Ferien.Bern.bmp', 'png')).toBe('Ferien.Bern.png');
    expect(renameExtension('ohne-endung', 'jpg')).toBe('ohne-endung.jpg');
    expect(renameExtension('.png', 'png')).toBe('.png.png');
  });

  it('keeps an encodable original format first', () => {
    expect(outputFormats('a.webp', ALL)[0]).toEqual(['image/webp', 'webp']);
    expect(outputFormats('a.JPEG', ALL)[0]).toEqual(['image/jpeg', 'jpeg']);
  });

  it('turns formats a canvas cannot write into PNG, or JPEG when PNG is not accepted', () => {
    expect(outputFormats('a.tiff', ALL)[0]).toEqual(['image/png', 'png']);
    expect(outputFormats('a.bmp', ['bmp', 'jpeg'])).toEqual([['image/jpeg', 'jpeg']]);
    expect(outputFormats('a.gif', ['gif'])).toEqual([]);
  });
});

describe('cropImage', () => {
  it('draws the chosen area and encodes it in the original format', async () => {
    const context = stubCanvas();
    stubImageLoading();
    const file = await cropImage('blob:x', 'Titel.webp', AREA, ALL);
    expect(file?.name).toBe('Titel.webp');
    expect(file?.type).toBe('image/webp');
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 10, 20, 300, 200, 0, 0, 300, 200);
  });

  it('falls back to PNG when the browser cannot encode the original format', async () => {
    stubCanvas(['image/png', 'image/jpeg']);
    stubImageLoading();
    const file = await cropImage('blob:x', 'Titel.webp', AREA, ALL);
    expect(file?.name).toBe('Titel.png');
    expect(file?.type).toBe('image/png');
  });

  it('paints a white background under JPEG, which has no transparency', async () => {
    const context = stubCanvas();
    stubImageLoading();
    const file = await cropImage('blob:x', 'Titel.gif', AREA, ['gif', 'jpg']);
    expect(file?.name).toBe('Titel.jpg');
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 300, 200);
  });

  it('answers null when no accepted format can be written', async () => {
    stubCanvas();
    stubImageLoading();
    await expect(cropImage('blob:x', 'Titel.gif', AREA, ['gif'])).resolves.toBeNull();
  });

  it('rejects when the image cannot be decoded', async () => {
    stubCanvas();
    stubImageLoading('error');
    await expect(cropImage('blob:x', 'Titel.png', AREA, ALL)).rejects.toThrow(/decoded/);
  });
});
