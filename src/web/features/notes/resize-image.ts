/*
 * Photos are made smaller in the browser before they are uploaded (issue 15): a phone's
 * 12-megapixel JPEG becomes at most 2048 px on its long edge, re-encoded as JPEG, so an upload
 * over a weak connection takes seconds, not minutes. The server re-encodes it again (sharp).
 */

export const MAX_PHOTO_EDGE = 2048;
const QUALITY = 0.85;

/** The size that fits `maxEdge` on the long edge, keeping the aspect ratio (never enlarged). */
export function fitWithin(
  width: number,
  height: number,
  maxEdge = MAX_PHOTO_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export class NotAnImageError extends Error {
  constructor(name: string) {
    super(`${name} is not a photo we can read. Choose a JPEG, PNG or WebP image.`);
    this.name = 'NotAnImageError';
  }
}

/** Decodes `file` (EXIF orientation applied), draws it at most 2048 px, and encodes a JPEG. */
export async function resizeImage(file: Blob & { name?: string }): Promise<Blob> {
  const name = file.name ?? 'The file';
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAnImageError(name);
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (context === null) throw new NotAnImageError(name);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', QUALITY),
    );
    if (blob === null) throw new NotAnImageError(name);
    return blob;
  } finally {
    bitmap.close();
  }
}
