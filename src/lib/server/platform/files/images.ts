/**
 * Photos residents send are re-encoded before anything is stored: decoded, turned upright, shrunk to
 * at most MAX_IMAGE_EDGE pixels on the long side and written again as a JPEG without any metadata (no
 * EXIF, no GPS position, no camera serial, no ICC profile). sharp writes no metadata unless asked to,
 * and we never ask. A file that does not decode is refused.
 */
import sharp from 'sharp';

export const MAX_IMAGE_EDGE = 2048;
/** A decoded picture larger than this (pixels) is refused before it is decoded: a decompression bomb. */
const MAX_INPUT_PIXELS = 60_000_000;

export interface ReencodedImage {
  bytes: Buffer;
  kind: 'jpeg';
  width: number;
  height: number;
}

export async function reencodeImage(input: Uint8Array): Promise<ReencodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, kind: 'jpeg', width: info.width, height: info.height };
}
