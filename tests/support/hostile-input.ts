/**
 * Puts stored-XSS payloads into every user-writable text field of the portal, through the real forms and
 * actions, as the people who can write them: the public (records request, alert subscription), the clerk
 * (project registration, parties, waters, documents, request notes, uploads, closures), the officer
 * (enforcement, evidence, violations, notices, guarantees, SWPPP review, storms, review comments), the
 * admin (user names and titles) and an operator (inspection report, monthly summary, document), with
 * hostile file names too. Shared by the integration test and the browser test.
 */
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { XSS_LONG, XSS_MEDIUM, XSS_SHORT, expectSeeOther, postMultipart } from './attack.ts';
import { postAction, signIn, type Fields } from './http.ts';

/** The longest payload that fits a field of `max` characters. */
export function fit(max: number): string {
  return [XSS_LONG, XSS_MEDIUM, XSS_SHORT].find((p) => p.length <= max)!;
}

/** The project's name also tries to add a mail header (it is in the subject of the officer's notices). */
export const PROJECT_NAME = `${XSS_MEDIUM}\r\nBcc: injected@evil.example`;
/** The name as stored: a one-line field's line break is folded into a space before it is saved. */
export const PROJECT_NAME_STORED = PROJECT_NAME.replace(/\r\n/g, ' ');

/** The site address starts with a house number, so the town's geocoder matches it exactly (near me). */
export const SITE_ADDRESS = `17 ${XSS_MEDIUM}`;

/** A file name with markup, quotes and path parts (the store keeps only a cleaned base name). */
export const HOSTILE_FILENAME = '../..\\"><img src=x onerror=alert(9)>.pdf';

export interface Seeded {
  slug: string;
  projectId: number;
  actionId: number;
  requestId: number;
  requestNumber: string;
  trackingPath: string;
  operatorSlug: string;
  inspectionId: number;
  summaryId: number;
  invitedUserId: number;
  calendarFeedPath: string;
  cookies: Record<'clerk' | 'officer' | 'admin' | 'operator', string>;
}

async function pdf(note: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(note, { x: 72, y: 700, size: 10 });
  doc.setSubject(note);
  return doc.save();
}

function expectRedirect(res: Response, what: string): string {
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`${what}: expected a 303, got ${res.status}`);
  return location;
}

const ok = expectSeeOther;

/** Local calendar day (America/New_York) `days` from today. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}
function hhmm(hoursAgo: number): { on: string; time: string } {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  return {
    on: at.toLocaleDateString('en-CA', { timeZone: 'America/New_York' }),
    time: new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
  };
}
/** The next weekday at least a week ahead (for a closure that moves no past dates). */
function futureWeekday(): string {
  for (let d = 8; ; d++) {
    const when = new Date(Date.now() + d * 86_400_000);
    const wd = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' }).format(when);
    if (wd !== 'Sat' && wd !== 'Sun') return day(d);
  }
}

export async function seedHostileInput(base: string, dbPath: string): Promise<Seeded> {
  const db = new Database(dbPath, { readonly: true });
  const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
  try {
    const cookies = {
      clerk: await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD),
      officer: await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD),
      admin: await signIn(base, 'admin@rotterdam.example', DEMO_PASSWORD),
      operator: await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD),
    };
    const act = (page: string, action: string, fields: Fields, who: keyof typeof cookies) =>
      ok(postAction(base, page, action, fields, cookies[who]), action);

    // The clerk registers a published project with a payload in every text field of the NOI record.
    const created = await act(
      '/staff/projects/new',
      'registry.createProject',
      {
        name: PROJECT_NAME,
        description: fit(2000),
        siteAddress: SITE_ADDRESS,
        crossStreet: fit(120),
        zip: '12306',
        latitude: '42.8012',
        longitude: '-73.9987',
        taxMapParcels: fit(300),
        kind: 'major',
        status: 'active',
        natureOfActivity: 'new_construction',
        preDevelopmentLandUse: fit(200),
        postDevelopmentLandUse: fit(200),
        totalSiteAcres: '12',
        disturbedAcres: '4',
        phasing: fit(2000),
        bufferNotes: fit(1000),
        postConstructionPractices: fit(1000),
        plannedStartOn: day(20),
        plannedCompletionOn: day(400),
        actualStartOn: day(-30),
        townPermitNo: fit(40),
        noiReceivedOn: day(-60),
        ownerCompany: fit(160),
        ownerContact: fit(120),
        ownerTitle: fit(120),
        ownerPhone: fit(40),
        ownerEmail: 'owner@example.org',
        waterName: fit(120),
        waterType: 'stream',
        publish: 'on',
      },
      'clerk',
    );
    const slug = /^\/staff\/projects\/([^/?]+)/.exec(created)![1];
    const projectId = one<{ id: number }>('select id from projects where slug = ?', slug).id;
    const here = `/staff/projects/${slug}`;

    await act(
      `${here}/parties`,
      'registry.saveParty',
      {
        projectId,
        role: 'contractor',
        companyName: fit(160),
        contactName: fit(120),
        contactTitle: fit(120),
        phone: fit(40),
        email: 'contractor@example.org',
        license: fit(80),
        measures: fit(1000),
        certifiedOn: day(-5),
      },
      'clerk',
    );
    await act(`${here}/parties`, 'registry.addWater', { projectId, name: fit(120), waterType: 'wetland' }, 'clerk');
    // A SWPPP with a hostile title and file name: it opens the officer's review.
    await ok(
      postMultipart(
        base,
        `${here}/documents`,
        { type: 'swppp', title: fit(200), documentDate: day(-10), public: 'on' },
        { file: [{ bytes: await pdf('swppp'), name: HOSTILE_FILENAME, type: 'application/pdf' }] },
        cookies.clerk,
      ),
      'SWPPP upload',
    );
    const reviewId = one<{ id: number }>(
      'select id from swppp_reviews where project_id = ? order by id desc',
      projectId,
    ).id;
    await act(
      `${here}/swppp`,
      'swppp.notifyDeficiencies',
      { reviewId, on: day(-1), deficiencies: fit(4000) },
      'officer',
    );
    await act(
      `${here}/guarantees`,
      'guarantees.save',
      {
        projectId,
        kind: 'letter_of_credit',
        purpose: 'maintenance',
        amount: '25000.00',
        institution: fit(160),
        reference: fit(80),
        receivedOn: day(-20),
        expiresOn: day(300),
        notes: fit(2000),
      },
      'officer',
    );

    // The officer: a public notice of violation with a new violation, evidence, a notice taken by phone.
    const issued = await act(
      `${here}/enforcement`,
      'enforcement.issue',
      {
        projectId,
        type: 'notice_of_violation',
        issuedOn: day(-2),
        citedSection: fit(300),
        summary: fit(4000),
        requiredMeasures: fit(4000),
        complyBy: day(10),
        public: 'on',
        newViolationDescription: fit(2000),
        newViolationSection: fit(300),
        newViolationObservedOn: day(-3),
      },
      'officer',
    );
    const actionId = Number(/\/staff\/enforcement\/(\d+)/.exec(issued)![1]);
    await ok(
      postMultipart(
        base,
        `/staff/enforcement/${actionId}`,
        { title: fit(200), documentDate: day(-2), public: 'on' },
        { file: [{ bytes: await pdf('evidence'), name: HOSTILE_FILENAME, type: 'application/pdf' }] },
        cookies.officer,
      ),
      'evidence upload',
    );
    await act(
      `${here}/inspections`,
      'notices.recordViolation',
      { projectId, observedOn: day(-1), description: fit(2000), section: fit(300) },
      'officer',
    );
    await act(
      `${here}/inspections`,
      'notices.record',
      {
        projectId,
        milestone: 'clearing_complete',
        scheduledDate: day(5),
        scheduledTime: '07:30',
        givenDate: day(-1),
        givenTime: '09:00',
        givenBy: fit(120),
        notes: fit(1000),
      },
      'officer',
    );
    await act(
      `${here}/inspections`,
      'notices.scheduleTownInspection',
      {
        projectId,
        milestone: 'rough_grading_complete',
        scheduledDate: day(3),
        scheduledTime: '09:00',
        notes: fit(1000),
      },
      'officer',
    );
    const storm = hhmm(2);
    await act(
      '/staff/storms',
      'storms.record',
      { endedOn: storm.on, endedTime: storm.time, inches: '0.7', gauge: fit(160) },
      'officer',
    );
    const feed = await fetch(new URL('/_actions/calendarFeed.create', base), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(base).origin,
        Cookie: cookies.officer,
      },
      body: '',
    });
    const calendarFeedPath = /\/officer-calendar\/[A-Za-z0-9_-]+\.ics/.exec(await feed.text())![0];

    // The admin invites a user whose name and title are payloads (the invitation mail carries them).
    const run = Date.now().toString(36);
    await act(
      '/staff/users',
      'accounts.inviteUser',
      { email: `hostile.user.${run}@example.org`, name: fit(120), title: fit(120), roles: 'clerk' },
      'admin',
    );
    const invitedUserId = one<{ id: number }>(
      'select id from users where email = ?',
      `hostile.user.${run}@example.org`,
    ).id;

    // The public: a records request about the new project, with payloads in every field.
    const key = `hostile-${Date.now()}`.padEnd(43, 'k').slice(0, 43);
    const submitted = await postAction(base, '/requests/new', 'requests.submit', {
      formKey: key,
      intent: 'submit',
      project: slug,
      freeText: fit(4000),
      delivery: 'paper_mail',
      name: fit(200),
      email: `hostile.requester.${run}@example.org`,
      phone: fit(40),
      address: fit(500),
    });
    const trackingPath = expectRedirect(submitted, 'records request').replace(/\?.*$/, '');
    const req = one<{ id: number; number: string }>(
      'select id, number from records_requests where requester_email = ? order by id desc',
      `hostile.requester.${run}@example.org`,
    );
    const r = `/staff/requests/${req.id}`;
    await act(
      r,
      'requests.acknowledge',
      { id: req.id, acknowledgedOn: day(0), promisedOn: day(15), reason: fit(2000) },
      'clerk',
    );
    await act(r, 'requests.note', { id: req.id, body: fit(4000), audience: 'requester' }, 'clerk');
    await act(r, 'requests.note', { id: req.id, body: fit(4000), audience: 'internal' }, 'clerk');
    await ok(
      postMultipart(
        base,
        `${r}/upload`,
        { description: fit(500) },
        { file: [{ bytes: await pdf('scan'), name: HOSTILE_FILENAME, type: 'application/pdf' }] },
        cookies.clerk,
      ),
      'request upload',
    );
    await act(r, 'requests.extend', { id: req.id, promisedOn: day(25), reason: fit(2000) }, 'clerk');
    const item = one<{ id: number; pages: number }>(
      'select id, pages from request_items where request_id = ? and file_sha256 is not null',
      req.id,
    );
    await act(
      r,
      'requests.bill',
      {
        id: req.id,
        itemId: String(item.id),
        pages: String(item.pages),
        sheets: '0',
        postage: '1.00',
        discount: '0.10',
        discountReason: fit(500),
      },
      'clerk',
    );
    await act(
      '/staff/closures',
      'requests.setClosure',
      { date: futureWeekday(), name: fit(120), closed: 'yes' },
      'clerk',
    );

    // An operator files on their own project: an inspection report, a monthly summary, a document.
    const operatorSlug = one<{ slug: string }>(
      "select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.status = 'active' and p.actual_start_on is not null order by p.name",
    ).slug;
    const op = `/operator/projects/${operatorSlug}`;
    const at = hhmm(1);
    await ok(
      postMultipart(
        base,
        `${op}/inspections/new`,
        {
          inspectedOn: at.on,
          inspectedTime: at.time,
          type: 'routine',
          inspectorName: fit(120),
          inspectorCredential: fit(120),
          weather: fit(200),
          rainSinceLastInches: '0.1',
          disturbedAcresActive: '2',
          disturbedAcresInactive: '0.5',
          tempStabilizedAcres: '1',
          finalStabilizedAcres: '0.5',
          disturbedAreasNotes: fit(4000),
          nextFourteenDaysNotes: fit(2000),
          rillGullyErosion: 'no',
          sedimentLeavingSite: 'no',
          maintenanceNeeded: fit(4000),
          deficiencies: fit(4000),
          'practice.0.name': fit(160),
          'practice.0.type': 'silt_fence',
          'practice.0.condition': 'needs_maintenance',
          'practice.0.notes': fit(500),
          'ca.0.description': fit(500),
          'ca.0.responsibleParty': fit(160),
          'ca.0.dueOn': day(3),
          // A later date than the next business day needs its reason in writing (decision 0021).
          'ca.0.dueReason': fit(500),
          'area.0.name': fit(200),
          'area.0.stoppedOn': day(-4),
        },
        { report: [{ bytes: await pdf('inspection'), name: HOSTILE_FILENAME, type: 'application/pdf' }] },
        cookies.operator,
      ),
      'inspection report',
    );
    const inspectionId = one<{ id: number }>('select max(id) as id from inspections').id;
    const summaryForm = await (
      await fetch(new URL(`${op}/summaries/new`, base), { headers: { Cookie: cookies.operator } })
    ).text();
    const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(summaryForm)?.[1] ?? '0';
    await ok(
      postMultipart(
        base,
        `${op}/summaries/new`,
        {
          month: value('month'),
          inspectionsDone: value('inspectionsDone'),
          inspectionsRequired: value('inspectionsRequired'),
          stormEvents: value('stormEvents'),
          postStormInspections: value('postStormInspections'),
          correctiveOpened: value('correctiveOpened'),
          correctiveClosed: value('correctiveClosed'),
          correctiveOpen: value('correctiveOpen'),
          narrative: fit(5000),
          certifiedByName: fit(120),
          certifiedByTitle: fit(160),
          certify: 'on',
          attachmentsPublic: 'on',
        },
        { attachments: [{ bytes: await pdf('attachment'), name: HOSTILE_FILENAME, type: 'application/pdf' }] },
        cookies.operator,
      ),
      'monthly summary',
    );
    const summaryId = one<{ id: number }>('select max(id) as id from monthly_summaries').id;
    await ok(
      postMultipart(
        base,
        `${op}/documents/new`,
        { type: 'as_built_plans', documentDate: day(-1), description: fit(500), publicProposed: 'yes' },
        { document: [{ bytes: await pdf('as-built'), name: HOSTILE_FILENAME, type: 'application/pdf' }] },
        cookies.operator,
      ),
      'operator document',
    );
    // The officer returns the report with a comment the operator reads (and is emailed).
    await act(
      `/staff/reviews/inspections/${inspectionId}`,
      'reviews.decideInspection',
      { id: inspectionId, decision: 'return', comment: fit(2000), reportPublic: 'on' },
      'officer',
    );

    return {
      slug,
      projectId,
      actionId,
      requestId: req.id,
      requestNumber: req.number,
      trackingPath,
      operatorSlug,
      inspectionId,
      summaryId,
      invitedUserId,
      calendarFeedPath,
      cookies,
    };
  } finally {
    db.close();
  }
}
