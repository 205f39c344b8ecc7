/** "Still happening" opens a report the officer has finished with again, for triage; an open one keeps its status. */
import { describe, expect, it } from 'vitest';
import { SITE_REPORT_STATUSES, type SiteReportStatus } from '#db/enums.ts';
import { stillHappeningStatus } from '#lib/server/site-reports/report.rules.ts';

const EXPECTED: Record<SiteReportStatus, SiteReportStatus | null> = {
  received: null,
  under_review: null,
  inspected: null,
  violation_found: null,
  no_violation: 'received',
  referred: 'received',
  closed: 'received',
};

describe('stillHappeningStatus', () => {
  it.each(SITE_REPORT_STATUSES)('%s', (status) => expect(stillHappeningStatus(status)).toBe(EXPECTED[status]));
});
