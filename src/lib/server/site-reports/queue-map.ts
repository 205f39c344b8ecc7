/**
 * The triage queue's map: one marker per report (the ordinance's "complaints or other notice of
 * possible violations", placed where the resident stood), linking to the officer's page of it. A
 * report in a group of likely duplicates says so in its name, so the group shows on the map as well as
 * in the list. Marker shapes borrow the project markers' (a colour AND a shape), one per report status.
 */
import type { ProjectStatus, SiteReportStatus } from '#db/enums.ts';
import type { QueueRow } from './report.ts';
import { STATUS_LABEL } from './report.rules.ts';

/**
 * Which marker shape each report status borrows: new hollow, being looked at square, a violation the octagon.
 * The public list's map (public/report-list.ts) draws the same shapes.
 */
export const REPORT_MARKER: Record<SiteReportStatus, ProjectStatus> = {
  received: 'swppp_review',
  under_review: 'approved',
  inspected: 'active',
  violation_found: 'stop_work',
  no_violation: 'complete',
  referred: 'final_stabilization',
  closed: 'complete',
};

/** The map component's points (components/ProjectMap.astro), one per report, linking to the officer's page. */
export function queueMapPoints(groups: QueueRow[][]) {
  return groups.flatMap((g) =>
    g.map((r) => ({
      slug: `report-${r.id}`,
      name: `Report ${r.id}: ${r.category}${g.length > 1 ? ` (one of ${g.length} near each other)` : ''}`,
      address: r.place,
      status: REPORT_MARKER[r.status],
      statusLabel: STATUS_LABEL[r.status],
      lat: r.latitude,
      lon: r.longitude,
      href: `/staff/reports/${r.id}`,
    })),
  );
}
