/**
 * The figures the municipality reports each year under the state's MS4 permit: the inventory of permanent practices
 * and how it was inspected and maintained; construction sites active, inspected by the municipality, and the
 * enforcement actions by type; records requests answered on time (the records-requests statistics). Each
 * figure is one SQL count with its definition beside it (tests/integration/practices.test.ts recounts them).
 */
import { sql } from 'drizzle-orm';
import { ENFORCEMENT_TYPES } from '#db/enums.ts';
import { ENFORCEMENT_TYPE_LABEL } from '#lib/shared/labels.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

export interface Ms4Figure {
  key: string;
  label: string;
  value: number;
  definition: string;
}

/** The year's figures, read in one snapshot. */
export function ms4Figures(db: Db, year: number, now = new Date()): Promise<Ms4Figure[]> {
  return readSnapshotAsync(db, () => readFigures(db, year, now));
}

async function readFigures(db: Db, year: number, now: Date): Promise<Ms4Figure[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const n = async (q: ReturnType<typeof sql>) => (await db.get<{ n: number } | undefined>(q))?.n ?? 0;
  const { kindWord, profile } = await townAsync(db);
  const figures: Ms4Figure[] = [
    {
      key: 'practices_in_inventory',
      label: 'Permanent practices in the inventory',
      value: await n(
        sql`select count(*) as n from stormwater_practices where in_service_on <= ${to} and (removed_on is null or removed_on >= ${from})`,
      ),
      definition: 'In service on some day of the year (entered service by December 31, not removed before January 1).',
    },
    {
      key: 'practices_inspected',
      label: 'Practices inspected this year',
      value: await n(
        sql`select count(distinct practice_id) as n from practice_inspections where inspected_on between ${from} and ${to}`,
      ),
      definition: `Practices with at least one ${kindWord} inspection dated in the year.`,
    },
    {
      key: 'practices_needing_maintenance',
      label: 'Practices found needing maintenance or failing',
      value: await n(
        sql`select count(distinct practice_id) as n from practice_inspections where inspected_on between ${from} and ${to} and condition in ('needs_maintenance', 'failing')`,
      ),
      definition: 'Practices with at least one inspection in the year that found them needing maintenance or failing.',
    },
    {
      key: 'maintenance_completed',
      label: 'Required maintenance completed',
      value: await n(
        sql`select count(*) as n from practice_maintenance_items where closed_on between ${from} and ${to}`,
      ),
      definition: `Maintenance items a ${kindWord} inspection in the year found done.`,
    },
    {
      key: 'construction_sites_active',
      label: 'Construction sites active',
      value: await n(
        sql`select count(*) as n from projects where actual_start_on is not null and actual_start_on <= ${to} and (not_filed_on is null or not_filed_on >= ${from})`,
      ),
      definition: 'Projects whose construction started by December 31 and whose NOT was not filed before January 1.',
    },
    {
      key: 'construction_sites_inspected',
      label: `Construction sites inspected by the ${kindWord}`,
      value: await n(
        sql`select count(distinct project_id) as n from town_inspections where inspected_on between ${from} and ${to}`,
      ),
      definition: `Projects with at least one ${kindWord} inspection dated in the year.`,
    },
  ];
  const byType = new Map<string, number>(
    (
      await db.all<{ type: string; n: number }>(
        sql`select type, count(*) as n from enforcement_actions where issued_on between ${from} and ${to} group by type`,
      )
    ).map((r) => [r.type, r.n]),
  );
  for (const t of ENFORCEMENT_TYPES) {
    figures.push({
      key: `enforcement_${t}`,
      label: `Enforcement actions: ${ENFORCEMENT_TYPE_LABEL[t]}`,
      value: byType.get(t) ?? 0,
      definition: 'Actions issued in the year, by type.',
    });
  }
  const months = (await recordsRequestStats(db, now)).months.filter((m) => m.month.startsWith(`${year}-`));
  const sum = (k: 'received' | 'answered' | 'answeredOnTime') => months.reduce((s, m) => s + m[k], 0);
  figures.push(
    {
      key: 'records_requests_received',
      label: 'Records requests received',
      value: sum('received'),
      definition: `Requests received in the year (${profile.kind} time).`,
    },
    {
      key: 'records_requests_answered',
      label: 'Records requests answered',
      value: sum('answered'),
      definition: 'Of those, answered: records provided or denied in writing.',
    },
    {
      key: 'records_requests_answered_on_time',
      label: 'Records requests answered on time',
      value: sum('answeredOnTime'),
      definition: 'Of those, answered by the statutory due date (the records-requests statistics).',
    },
  );
  return figures;
}
