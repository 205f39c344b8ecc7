/**
 * What the camera recorded of a photo taken at a site (platform/files/images.ts reads it before the picture is
 * written again without metadata): kept apart from the file, for staff only (decision 0109).
 */
import { photoFacts } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { formatInstant } from '#lib/shared/format.ts';
import { distanceMiles, isValidPoint } from '#lib/shared/geo.ts';

export interface PhotoFactValues {
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

/** The facts of a received picture, or undefined when its camera recorded neither time nor place. */
export function photoFactsOf(file: ReceivedFile): PhotoFactValues | undefined {
  const taken = file.image?.taken;
  return taken && (taken.at || taken.latitude != null)
    ? { takenAt: taken.at, latitude: taken.latitude, longitude: taken.longitude }
    : undefined;
}

/** Keep a picture's facts with its document, inside the caller's transaction; what was kept, for the audit. */
export async function keepPhotoFacts(tx: Pick<Db, 'insert'>, documentId: number, file: ReceivedFile) {
  const facts = photoFactsOf(file);
  if (facts) await tx.insert(photoFacts).values({ documentId, ...facts });
  return facts;
}

/**
 * What the camera recorded of a photo, in words for staff: "Taken Dec 5, 2026, 10:14 AM, at 42.812333,
 * -73.935 (0.1 mi from the site's mapped point)". Undefined when it recorded neither.
 */
export function photoTakenWords(
  facts: { takenAt: Date | null; latitude: number | null; longitude: number | null },
  site: { latitude: number | null; longitude: number | null },
): string | undefined {
  const parts: string[] = [];
  if (facts.takenAt) parts.push(`Taken ${formatInstant(facts.takenAt)}`);
  const here = { latitude: facts.latitude, longitude: facts.longitude };
  if (isValidPoint(here)) {
    const away = isValidPoint(site) ? ` (${distanceMiles(here, site).toFixed(1)} mi from the site’s mapped point)` : '';
    parts.push(`${parts.length ? 'at' : 'Taken at'} ${here.latitude}, ${here.longitude}${away}`);
  }
  return parts.length ? `${parts.join(', ')}.` : undefined;
}
