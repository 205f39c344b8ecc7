/**
 * The resident's report form (/report): its multipart POST, read by the page. Order matters for
 * "nothing stored for rejected input": the per-address limit is checked before the body is read; the
 * photos are re-encoded and stored while it is read; anything refused afterwards (the honeypot, a
 * field, the per-email limit, a blocked sender) removes them again, and only a filed report counts
 * against the limits.
 */
import { foldLines } from '#lib/server/platform/forms/fields.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { hit, isLimited, minutesText, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { categories } from '#lib/server/site-reports/categories.ts';
import { discardPhotos, photoOf, receiveReportForm } from '#lib/server/site-reports/photos.ts';
import { MAX_PHOTOS, reportProblems } from '#lib/server/site-reports/report.rules.ts';
import { aimWords } from '#lib/server/site-reports/response-time.rules.ts';
import { submitReport } from '#lib/server/site-reports/report.ts';
import { geocoderFor } from './geocode.ts';
import { reportableProject } from './site-reports.ts';

export { MAX_PHOTOS } from '#lib/server/site-reports/report.rules.ts';
export { MAX_PHOTO_BYTES } from '#lib/server/site-reports/photos.ts';

/**
 * What the form offers: the officer's list, in its order, without retired categories, each with the time the
 * municipality aims to respond within in words (`aim`, null when it promises none).
 */
export async function reportCategories(db: Db) {
  const kind = (await townAsync(db)).profile.kind;
  return (await categories(db, { activeOnly: true })).map((c) => ({
    ...c,
    aim: aimWords(kind, c.responseBusinessDays),
  }));
}

/** Reports per network address per hour (SITE_REPORTS_PER_IP_PER_HOUR overrides: a town hall's shared network). */
export function perIp(env: NodeJS.ProcessEnv = process.env): Limit {
  const n = Number(env.SITE_REPORTS_PER_IP_PER_HOUR);
  return { limit: Number.isInteger(n) && n > 0 ? n : 10, windowMs: 3_600_000 };
}
export const PER_EMAIL: Limit = { limit: 5, windowMs: 3_600_000 };
/** The field no person fills in (it is hidden from people and from screen readers). */
export const HONEYPOT = 'website';

export const REPORT_FIELDS = [
  'category',
  'description',
  'address',
  'lat',
  'lon',
  'observedOn',
  'observedTime',
  'name',
  'email',
  'phone',
  'project',
] as const;
export type ReportValues = Record<(typeof REPORT_FIELDS)[number], string>;

export type ReportOutcome =
  | { kind: 'filed'; id: number }
  /** The honeypot was filled: answered like a success, nothing kept. */
  | { kind: 'trap' }
  | { kind: 'refused'; status: number; message?: string; errors: Record<string, string>; values: ReportValues };

export function blankValues(today: string, projectSlug: string | null): ReportValues {
  return {
    category: '',
    description: '',
    address: '',
    lat: '',
    lon: '',
    observedOn: today,
    observedTime: '',
    name: '',
    email: '',
    phone: '',
    project: projectSlug ?? '',
  };
}

export async function receiveReport(db: Db, request: Request, ip: string, now = new Date()): Promise<ReportOutcome> {
  const today = townToday(now);
  const ipKey = `site-report:ip:${ip}`;
  const limited = await isLimited(db, ipKey, perIp(), now);
  if (!limited.allowed) {
    await request.body?.cancel().catch(() => {});
    return {
      kind: 'refused',
      status: 429,
      message: `Too many reports from your network in the last hour. Try again in ${minutesText(limited.retryAfterMs)}, or call the stormwater officer.`,
      errors: {},
      values: blankValues(today, null),
    };
  }
  const form = await receiveReportForm(request);
  const values = Object.fromEntries(
    REPORT_FIELDS.map((k) =>
      k === 'description' ? [k, form.field(k).slice(0, 4000)] : [k, String(foldLines(form.field(k))).slice(0, 300)],
    ),
  ) as ReportValues;
  const refuse = async (
    status: number,
    message: string | undefined,
    errors: Record<string, string> = {},
  ): Promise<ReportOutcome> => {
    await discardPhotos(db, form);
    return { kind: 'refused', status, message, errors, values };
  };
  if (form.field(HONEYPOT).trim()) {
    await discardPhotos(db, form);
    return { kind: 'trap' };
  }
  const fileErrors = Object.fromEntries(
    Object.entries(form.errors)
      .filter(([k]) => k !== '_form')
      .map(([, m]) => ['photos', m]),
  );
  if (form.errors._form) return refuse(400, form.errors._form, fileErrors);
  const photos = form.files.filter((f) => f.field === 'photos');
  const errors: Record<string, string> = { ...fileErrors };
  if (photos.length > MAX_PHOTOS) errors.photos = `Send at most ${MAX_PHOTOS} photos.`;
  const active = await categories(db, { activeOnly: true });
  const category = active.find((c) => String(c.id) === values.category);
  let point = values.lat && values.lon ? { latitude: Number(values.lat), longitude: Number(values.lon) } : null;
  let place = values.address.trim();
  const project = await reportableProject(db, values.project || null);
  // "Report a problem at this site" without a pin or an address: the site's own point.
  if (!point && !place && project?.latitude != null && project.longitude != null)
    point = { latitude: project.latitude, longitude: project.longitude };
  if (!point && place) {
    const found = await geocoderFor(db).geocode(place);
    if (found) point = found.point;
    else
      errors.where = `We could not find “${place}” in ${(await townAsync(db)).profile.name}. Try a street name such as “Curry Road”, add the house number, or put a pin on the map.`;
  }
  if (!place)
    place =
      project && point && project.latitude === point.latitude && project.longitude === point.longitude
        ? project.siteAddress
        : 'a point on the map';
  const facts = {
    categoryId: category?.id ?? null,
    description: values.description,
    point,
    observedOn: values.observedOn,
    observedTime: values.observedTime,
    email: values.email.trim(),
    phone: values.phone.trim(),
    name: values.name.trim(),
  };
  const problems = { ...reportProblems(facts, today), ...errors };
  // The error summary lists each field; the message adds only what no field says.
  if (Object.keys(problems).length)
    return refuse(400, photos.length ? 'Choose your photos again: they were not kept.' : undefined, problems);
  const emailKey = facts.email ? `site-report:email:${facts.email.toLowerCase()}` : null;
  if (emailKey && !(await isLimited(db, emailKey, PER_EMAIL, now)).allowed)
    return refuse(
      429,
      'Too many reports from this email address in the last hour. Try again later, or call the stormwater officer.',
    );
  const r = await submitReport(
    db,
    {
      categoryId: category!.id,
      description: facts.description,
      point: point!,
      place,
      observedOn: facts.observedOn,
      observedTime: facts.observedTime || null,
      name: facts.name || null,
      email: facts.email || null,
      phone: facts.phone || null,
      photos: photos.map(photoOf),
      ip,
      source: 'web',
      projectId: project?.id ?? null,
    },
    now,
  );
  if (!r.ok) return refuse(r.message ? 403 : 400, r.message, r.fields ?? {});
  await hit(db, ipKey, perIp(), now);
  if (emailKey) await hit(db, emailKey, PER_EMAIL, now);
  return { kind: 'filed', id: r.id };
}
