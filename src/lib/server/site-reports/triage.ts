/**
 * The officer's forms on a report's page, one POST each (`intent` names the step): read the fields,
 * call the step's service. Errors come back by field so the page shows them beside the form.
 */
import {
  SITE_REPORT_STATUSES,
  TOWN_INSPECTION_OUTCOMES,
  type SiteReportStatus,
  type TownInspectionOutcome,
} from '#db/enums.ts';
import type { Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import {
  approvePhoto,
  blockSender,
  hideAddition,
  linkEnforcement,
  linkProject,
  moveStatus,
  recordInspectionFromReport,
  recordViolationFromReport,
  scheduleInspectionFromReport,
  setHidden,
} from './report.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

export const INTENTS = [
  'link',
  'status',
  'schedule',
  'inspection',
  'violation',
  'enforcement',
  'hide',
  'unhide',
  'block',
  'photo',
  'hide-addition',
] as const;
export type Intent = (typeof INTENTS)[number];

const id = (v: string | null) => (v && /^\d{1,12}$/.test(v) ? Number(v) : NaN);
const text = (v: string | null, n = 2000) => (v ?? '').trim().slice(0, n);

export async function triage(
  db: Db,
  actor: Actor,
  reportId: number,
  form: URLSearchParams,
  today: string,
  now = new Date(),
): Promise<Result & { intent?: Intent }> {
  const intent = form.get('intent') as Intent;
  if (!INTENTS.includes(intent)) return { ok: false, message: 'Choose one of the steps on the page.' };
  const done = async (r: Result | Promise<Result>) => ({ ...(await r), intent });
  switch (intent) {
    case 'link':
      return done(
        Number.isSafeInteger(id(form.get('projectId')))
          ? linkProject(db, actor, reportId, id(form.get('projectId')), now)
          : { ok: false, fields: { projectId: 'Choose a project from the list.' } },
      );
    case 'status': {
      const to = form.get('status') as SiteReportStatus;
      if (!SITE_REPORT_STATUSES.includes(to)) return done({ ok: false, fields: { status: 'Choose a status.' } });
      return done(moveStatus(db, actor, reportId, to, text(form.get('reason'), 500) || null, now));
    }
    case 'schedule': {
      const day = text(form.get('scheduledDate'), 10);
      const time = text(form.get('scheduledTime'), 5) || '09:00';
      if (!isIsoDay(day) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
        return done({
          ok: false,
          fields: { scheduledDate: 'Enter the day and time of the inspection, like 2026-05-03 and 09:30.' },
        });
      return done(
        scheduleInspectionFromReport(
          db,
          actor,
          reportId,
          townInstant(day, time),
          text(form.get('notes'), 500) || null,
          now,
        ),
      );
    }
    case 'inspection': {
      const inspectedOn = text(form.get('inspectedOn'), 10);
      const outcome = form.get('outcome') as TownInspectionOutcome;
      const fields: Record<string, string> = {};
      if (!isIsoDay(inspectedOn)) fields.inspectedOn = 'Enter the day of the inspection, like 2026-05-03.';
      if (!TOWN_INSPECTION_OUTCOMES.includes(outcome)) fields.outcome = 'Choose the outcome.';
      const violation = text(form.get('violationDescription'));
      if (outcome === 'deficient' && !violation)
        fields.violationDescription = 'Describe the violation found; it is what enforcement actions cite.';
      if (Object.keys(fields).length) return done({ ok: false, fields });
      return done(
        recordInspectionFromReport(
          db,
          actor,
          reportId,
          {
            inspectedOn,
            outcome,
            findings: text(form.get('findings')) || null,
            violation:
              outcome === 'deficient'
                ? { description: violation, section: text(form.get('section'), 100) || null }
                : null,
          },
          today,
          now,
        ),
      );
    }
    case 'violation': {
      const observedOn = text(form.get('observedOn'), 10);
      const description = text(form.get('description'));
      const fields: Record<string, string> = {};
      if (!isIsoDay(observedOn)) fields.observedOn = 'Enter the day it was observed, like 2026-05-03.';
      if (description.length < 5) fields.description = 'Describe the violation in a sentence.';
      if (Object.keys(fields).length) return done({ ok: false, fields });
      return done(
        recordViolationFromReport(
          db,
          actor,
          reportId,
          { observedOn, description, section: text(form.get('section'), 100) || null },
          today,
          now,
        ),
      );
    }
    case 'enforcement':
      return done(
        Number.isSafeInteger(id(form.get('actionId')))
          ? linkEnforcement(db, actor, reportId, id(form.get('actionId')), now)
          : { ok: false, fields: { actionId: 'Choose an enforcement action.' } },
      );
    case 'hide':
    case 'unhide':
      return done(setHidden(db, actor, reportId, intent === 'hide', text(form.get('hiddenReason'), 300) || null, now));
    case 'block': {
      const kind = form.get('kind') === 'ip' ? 'ip' : 'email';
      return done(blockSender(db, actor, reportId, kind, text(form.get('blockReason'), 300), now));
    }
    case 'photo':
      return done(
        Number.isSafeInteger(id(form.get('photoId')))
          ? approvePhoto(db, actor, reportId, id(form.get('photoId')), form.get('approve') === 'yes', now)
          : { ok: false, message: 'No such photo.' },
      );
    case 'hide-addition':
      return done(
        Number.isSafeInteger(id(form.get('eventId')))
          ? hideAddition(db, actor, reportId, id(form.get('eventId')), now)
          : { ok: false, message: 'No such addition.' },
      );
  }
}
