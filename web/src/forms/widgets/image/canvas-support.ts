/**
 * Whether this browser can crop: the cropper draws into a 2D canvas and encodes it with toBlob
 * (spec section 5: the image cropper needs canvas support). Without it images go up uncropped.
 */
export function canCropImages(): boolean {
  if (typeof HTMLCanvasElement === 'undefined') return false;
  if (typeof HTMLCanvasElement.prototype.toBlob !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}
