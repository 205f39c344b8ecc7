/**
 * Photos are re-encoded before anything is stored: decoded, turned upright, shrunk to at most
 * MAX_IMAGE_EDGE pixels on the long side and written again as a JPEG without any metadata (no EXIF, no GPS
 * position, no camera serial, no ICC profile). sharp writes no metadata unless asked to, and we never ask. A
 * file that does not decode is refused. Where the camera recorded when and where the picture was taken, that
 * is read first and handed back (`taken`), for a record that keeps it as a fact (an officer's photo at a
 * site); a resident's photo keeps none of it.
 */
import exifReader from 'exif-reader';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';

export const MAX_IMAGE_EDGE = 2048;
/** A decoded picture larger than this (pixels) is refused before it is decoded: a decompression bomb. */
const MAX_INPUT_PIXELS = 60_000_000;

/** When and where the camera says the picture was taken; each null when it did not record it. */
export interface PhotoTaken {
  at: Date | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ReencodedImage {
  bytes: Buffer;
  kind: 'jpeg';
  width: number;
  height: number;
  taken: PhotoTaken;
}

const NOTHING_TAKEN: PhotoTaken = { at: null, latitude: null, longitude: null };

/** Degrees, minutes, seconds and N/S/E/W as signed decimal degrees; null when absent or out of range. */
function degrees(dms: number[] | undefined, ref: string | undefined, limit: number): number | null {
  if (!Array.isArray(dms) || dms.length === 0 || !dms.every((n) => Number.isFinite(n))) return null;
  const [d, m = 0, s = 0] = dms;
  const value = (d + m / 60 + s / 3600) * (ref === 'S' || ref === 'W' ? -1 : 1);
  return Math.abs(value) <= limit ? Math.round(value * 1e6) / 1e6 : null;
}

/**
 * The EXIF of a picture, read: the moment it was taken (the camera's wall clock, at its recorded offset, or
 * the town's when it recorded none: a phone at the site keeps town time) and its GPS position. A damaged or
 * absent EXIF block is no facts, never a refusal.
 */
export function photoTakenFrom(exif: Buffer | undefined): PhotoTaken {
  if (!exif?.length) return NOTHING_TAKEN;
  try {
    const tags = exifReader(exif);
    const wall = tags.Photo?.DateTimeOriginal ?? tags.Image?.DateTime;
    let at: Date | null = null;
    if (wall instanceof Date && !Number.isNaN(wall.getTime())) {
      // exif-reader reads the wall clock as if it were UTC; it is local time.
      const local = wall.toISOString().slice(0, 19);
      const offset = tags.Photo?.OffsetTimeOriginal;
      const dt =
        typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset)
          ? DateTime.fromISO(`${local}${offset}`)
          : DateTime.fromISO(local, { zone: TOWN_TIME_ZONE });
      at = dt.isValid ? dt.toJSDate() : null;
    }
    const gps = tags.GPSInfo;
    const latitude = degrees(gps?.GPSLatitude, gps?.GPSLatitudeRef, 90);
    const longitude = degrees(gps?.GPSLongitude, gps?.GPSLongitudeRef, 180);
    return {
      at,
      latitude: latitude != null && longitude != null ? latitude : null,
      longitude: latitude != null && longitude != null ? longitude : null,
    };
  } catch {
    return NOTHING_TAKEN;
  }
}

export async function reencodeImage(input: Uint8Array): Promise<ReencodedImage> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const taken = photoTakenFrom((await image.metadata()).exif);
  const { data, info } = await image
    .rotate()
    .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, kind: 'jpeg', width: info.width, height: info.height, taken };
}
