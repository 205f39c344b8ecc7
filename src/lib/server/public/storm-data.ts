/**
 * Post-storm inspections as open data: one record per storm of the threshold or more and per published site
 * under construction when it ended, saying whether the site was inspected within the window, as the storm pages
 * do (public/storms.ts, the compliance rules' own duty). Not kept between requests: a window still open closes
 * with the clock, not with a change of data.
 */
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { INSTANT_UNIT, PROJECT_REFERENCE_FIELDS, type FieldDef } from './fields.ts';
import { encodeDataset } from './open-data.ts';
import { recentStorms } from './storms.ts';

/** The storms the dataset covers, newest first. */
export const STORM_DATASET_STORMS = 200;

export const STORM_DUTY_VALUES = ['met', 'missed', 'due'] as const;

export const STORM_DUTY_FIELDS: FieldDef[] = [
  { name: 'storm_id', type: 'integer', description: 'The storm (its page: /storms/{storm_id}).' },
  { name: 'storm_url', type: 'url', description: 'The storm’s page on this portal.' },
  { name: 'storm_ended_at', type: 'instant', unit: INSTANT_UNIT, description: 'When the rain ended.' },
  { name: 'rain_inches', type: 'number', unit: 'inches', description: 'Rain recorded for the storm.' },
  ...PROJECT_REFERENCE_FIELDS,
  {
    name: 'inspection',
    type: 'text',
    description:
      'met: inspected within the window after the storm; missed: not inspected within it; due: the window is still open.',
  },
  {
    name: 'due_by',
    type: 'instant',
    unit: INSTANT_UNIT,
    description: 'The end of the window (the storm’s end plus its hours).',
  },
  {
    name: 'inspected_at',
    type: 'instant',
    unit: INSTANT_UNIT,
    nullable: true,
    description: 'met: the inspection within the window; missed: the next inspection after it, if any.',
  },
];

export async function listStormDutyRecords(db: Db, baseUrl: string, now = new Date()) {
  return (await recentStorms(db, now, STORM_DATASET_STORMS)).storms.flatMap((p) =>
    p.sites.map((s) => ({
      storm_id: p.storm.id,
      storm_url: `${baseUrl}/storms/${p.storm.id}`,
      storm_ended_at: p.storm.endedAt.toISOString(),
      rain_inches: p.storm.inches,
      project_id: s.id,
      project_slug: s.slug,
      project_name: s.name,
      project_url: `${baseUrl}/projects/${s.slug}`,
      inspection: s.duty.kind,
      due_by: s.duty.dueAt.toISOString(),
      inspected_at:
        s.duty.kind === 'met'
          ? s.duty.inspectedAt.toISOString()
          : s.duty.kind === 'missed'
            ? (s.duty.next?.inspectedAt.toISOString() ?? null)
            : null,
    })),
  );
}

export async function encodeStormDuties(db: Db, format: 'json' | 'csv', baseUrl: string): Promise<EncodedBody> {
  return encodeDataset(await listStormDutyRecords(db, baseUrl), {
    key: 'post_storm_inspections',
    fields: STORM_DUTY_FIELDS,
    format,
    baseUrl,
  });
}
