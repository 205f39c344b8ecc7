/**
 * The clerk's tools on an in-memory database and as pure rules: closing a request as a
 * duplicate of another (linked both ways, the requester mailed with the note, audited, not a missed
 * deadline when closed in time); saved reply templates (save, edit, delete, names unique, audited); the
 * attach list filtered by type and date, keeping what was ticked.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { filterAttachable, parseAttachFilter } from '#lib/server/records-requests/attach-filter.rules.ts';
import { closeAsDuplicate, duplicateLinks } from '#lib/server/records-requests/duplicate-close.ts';
import {
  deleteReplyTemplate,
  listReplyTemplates,
  saveReplyTemplate,
  templateFromParam,
} from '#lib/server/records-requests/reply-templates.ts';
import { missedDeadline } from '#lib/server/records-requests/request.rules.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { clerkRequestPage } from '#lib/server/records-requests/view.ts';

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-01', '10:00'); // a Tuesday: due 2026-12-08

describe('the attach list filter (pure)', () => {
  const docs = [
    { id: 1, type: 'swppp' as const, documentDate: '2025-11-06' },
    { id: 2, type: 'inspection_report' as const, documentDate: '2026-10-01' },
    { id: 3, type: 'inspection_report' as const, documentDate: '2026-11-02' },
    { id: 4, type: 'other' as const, documentDate: null },
  ];

  it('filters by type, by a date range (inclusive), and both', () => {
    expect(filterAttachable(docs, {}).map((d) => d.id)).toEqual([1, 2, 3, 4]);
    expect(filterAttachable(docs, { type: 'inspection_report' }).map((d) => d.id)).toEqual([2, 3]);
    expect(filterAttachable(docs, { from: '2026-10-01', to: '2026-11-01' }).map((d) => d.id)).toEqual([2]);
    expect(filterAttachable(docs, { from: '2026-11-02' }).map((d) => d.id)).toEqual([3]);
    expect(filterAttachable(docs, { to: '2025-11-06' }).map((d) => d.id)).toEqual([1]);
    expect(filterAttachable(docs, { type: 'swppp', from: '2026-01-01' })).toEqual([]);
  });

  it('reads the GET parameters: unknown types dropped, bad dates reported, ticked documents kept once', () => {
    const f = parseAttachFilter(
      new URLSearchParams(
        'attachType=inspection_report&attachFrom=2026-10-01&attachTo=not-a-date&documentIds=3&documentIds=3&documentIds=x&documentIds=7',
      ),
    );
    expect(f).toEqual({
      type: 'inspection_report',
      from: '2026-10-01',
      to: undefined,
      ticked: [3, 7],
      problems: { to: 'Enter the date like 2026-01-05.' },
    });
    expect(parseAttachFilter(new URLSearchParams('attachType=constructor')).type).toBeUndefined();
  });

  it('no dates, empty dates and blank dates filter nothing and report nothing; padded dates are read; a bad first date is reported as such', () => {
    expect(parseAttachFilter(new URLSearchParams(''))).toEqual({
      type: undefined,
      from: undefined,
      to: undefined,
      ticked: [],
      problems: {},
    });
    expect(parseAttachFilter(new URLSearchParams('attachFrom=&attachTo=%20%20')).problems).toEqual({});
    expect(parseAttachFilter(new URLSearchParams('attachFrom=%202026-10-01%20'))).toMatchObject({
      from: '2026-10-01',
      problems: {},
    });
    expect(parseAttachFilter(new URLSearchParams('attachFrom=yesterday')).problems).toEqual({
      from: 'Enter the date like 2026-01-05.',
    });
  });

  it('only whole ids (1 to 12 digits) are kept as ticked', () => {
    expect(
      parseAttachFilter(
        new URLSearchParams(
          'documentIds=12a&documentIds=a12&documentIds=1234567890123&documentIds=42&documentIds=123456789012',
        ),
      ).ticked,
    ).toEqual([42, 123456789012]);
  });
});

describe('the clerk’s tools (services)', () => {
  let db: DB;
  let clerkId: number;
  let projectId: number;
  let swppp: number;

  beforeEach(async () => {
    db = openDatabase(':memory:');
    migrateDatabase(db);
    await seedReferenceData(db, { now: NOW });
    projectId = Number(
      db
        .insert(schema.projects)
        .values({
          slug: 'curry-road',
          name: 'Curry Road Distribution Center',
          siteAddress: '1 Curry Road',
          kind: 'major',
          status: 'active',
        })
        .run().lastInsertRowid,
    );
    const doc = (type: 'swppp' | 'inspection_report', title: string, date: string) =>
      Number(
        db
          .insert(schema.documents)
          .values({
            projectId,
            type,
            title,
            filename: `${title}.pdf`,
            sha256: 'a'.repeat(64),
            mimeType: 'application/pdf',
            sizeBytes: 1000,
            pageCount: 2,
            largeFormatPages: 0,
            documentDate: date,
            public: true,
          })
          .run().lastInsertRowid,
      );
    swppp = doc('swppp', 'SWPPP', '2025-11-06');
    doc('inspection_report', 'Inspection report 2026-10-01', '2026-10-01');
    doc('inspection_report', 'Inspection report 2026-11-02', '2026-11-02');
    clerkId = Number(
      db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
    );
    db.insert(schema.userRoles).values({ userId: clerkId, role: 'clerk' }).run();
  });

  async function request(email = 'pat@example.org', receivedAt = NOW) {
    const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [swppp] });
    const result = await createRecordsRequest(
      asyncOf(db),
      { channel: 'web', receivedAt, selection, delivery: 'paper_pickup', requester: { name: 'Pat Requester', email } },
      { label: 'requester' },
      BASE,
    );
    if (!result.ok) throw new Error('limited');
    return result;
  }
  const row = (id: number) => db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, id)).get()!;
  const clerk = () => ({ userId: clerkId });

  it('closing as a duplicate links both ways, mails the requester with the note, and is audited', async () => {
    const original = await request();
    const dup = await request();
    const later = new Date(NOW.getTime() + 60 * 60 * 1000);
    expect(
      await closeAsDuplicate(
        asyncOf(db),
        clerk(),
        dup.id,
        { otherNumber: ` ${original.number.toLowerCase()} `, note: 'You sent this one twice.' },
        BASE,
        later,
      ),
    ).toEqual({ ok: true });
    expect(row(dup.id)).toMatchObject({
      status: 'closed_duplicate',
      duplicateOfRequestId: original.id,
      duplicateClosedOn: '2026-12-01',
      duplicateNote: 'You sent this one twice.',
      respondBy: null,
    });
    expect((await duplicateLinks(asyncOf(db), row(dup.id))).of).toEqual({ id: original.id, number: original.number });
    expect((await duplicateLinks(asyncOf(db), row(original.id))).closedInto).toEqual([
      { id: dup.id, number: dup.number, on: '2026-12-01' },
    ]);
    const mail = db.select().from(schema.outbox).where(eq(schema.outbox.kind, 'request-closed-duplicate')).all();
    expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([
      ['pat@example.org', `Records request ${dup.number} closed as a duplicate of ${original.number}`],
    ]);
    expect(mail[0].textBody).toContain("The Town Clerk's note: You sent this one twice.");
    expect(mail[0].textBody).toContain(`Follow ${original.number} with the link the Town sent you for it.`);
    const audit = db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'records_request.close_duplicate'))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0].afterJson).toContain(original.number);
    // Closed before its due date: not a missed deadline, even after the date passes.
    expect(missedDeadline(row(dup.id), '2026-12-20')).toBe(false);
    const page = (await clerkRequestPage(asyncOf(db), original.id, '2026-12-01', BASE, null))!;
    expect(page.duplicates.closedInto.map((d) => d.number)).toEqual([dup.number]);
  });

  it('closing as a duplicate refuses in plain words: itself, an unknown number, a duplicate, no note, a closed request', async () => {
    const a = await request();
    const b = await request();
    const c = await request();
    expect(
      await closeAsDuplicate(asyncOf(db), clerk(), a.id, { otherNumber: a.number, note: 'x' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { otherNumber: 'A request cannot be a duplicate of itself.' },
    });
    expect(
      await closeAsDuplicate(asyncOf(db), clerk(), a.id, { otherNumber: 'R-1900-0001', note: 'x' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { otherNumber: 'There is no request R-1900-0001. Enter the number as it is shown, like R-2026-0042.' },
    });
    expect(await closeAsDuplicate(asyncOf(db), clerk(), a.id, { otherNumber: '', note: 'x' }, BASE, NOW)).toMatchObject(
      {
        ok: false,
        fields: { otherNumber: expect.any(String) },
      },
    );
    expect(
      await closeAsDuplicate(asyncOf(db), clerk(), a.id, { otherNumber: b.number, note: '  ' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { note: expect.any(String) },
    });
    expect(
      (await closeAsDuplicate(asyncOf(db), clerk(), a.id, { otherNumber: b.number, note: 'Same records.' }, BASE, NOW))
        .ok,
    ).toBe(true);
    expect(
      await closeAsDuplicate(asyncOf(db), clerk(), c.id, { otherNumber: a.number, note: 'x' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { otherNumber: `${a.number} is itself closed as a duplicate. Enter the request it was closed into.` },
    });
    expect(
      await closeAsDuplicate(asyncOf(db), clerk(), a.id, { otherNumber: c.number, note: 'x' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      message: 'This request is already closed.',
    });
  });

  it('a duplicate closed after its due date passed unanswered stays a missed deadline', async () => {
    const original = await request();
    const dup = await request();
    await closeAsDuplicate(
      asyncOf(db),
      clerk(),
      dup.id,
      { otherNumber: original.number, note: 'Same.' },
      BASE,
      townInstant('2026-12-10', '10:00'),
    );
    expect(missedDeadline(row(dup.id), '2026-12-10')).toBe(true);
  });

  it('saved replies: saved, edited, deleted, listed by name, names unique in any case, each change audited', async () => {
    const first = await saveReplyTemplate(asyncOf(db), clerk(), {
      name: 'Which phase',
      body: 'Which phase of the project do you mean?',
    });
    expect(first.ok).toBe(true);
    const id = (first as { id: number }).id;
    expect(
      (
        await saveReplyTemplate(asyncOf(db), clerk(), {
          name: 'Already online',
          body: 'The plan is on the project page.',
        })
      ).ok,
    ).toBe(true);
    expect((await listReplyTemplates(asyncOf(db))).map((t) => t.name)).toEqual(['Already online', 'Which phase']);
    expect(await saveReplyTemplate(asyncOf(db), clerk(), { name: 'WHICH PHASE', body: 'x' })).toEqual({
      ok: false,
      fields: { name: 'A saved reply already has that name: choose another, or edit that one.' },
    });
    expect(await saveReplyTemplate(asyncOf(db), clerk(), { name: ' ', body: ' ' })).toEqual({
      ok: false,
      fields: { name: 'Give the reply a short name, like “Ask which phase”.', body: 'Write the reply.' },
    });
    expect(
      (await saveReplyTemplate(asyncOf(db), clerk(), { id, name: 'Which phase', body: 'Which phase, 1 or 2?' })).ok,
    ).toBe(true);
    expect((await templateFromParam(asyncOf(db), String(id)))?.body).toBe('Which phase, 1 or 2?');
    expect(await templateFromParam(asyncOf(db), 'x')).toBeUndefined();
    expect(await deleteReplyTemplate(asyncOf(db), clerk(), id)).toEqual({ ok: true });
    expect(await deleteReplyTemplate(asyncOf(db), clerk(), id)).toMatchObject({ ok: false });
    expect(await saveReplyTemplate(asyncOf(db), clerk(), { id, name: 'Gone', body: 'x' })).toEqual({
      ok: false,
      message: 'That saved reply was deleted. Reload the page.',
    });
    const actions = db
      .select({ a: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityType, 'reply_template'))
      .orderBy(schema.auditLog.id)
      .all()
      .map((x) => x.a);
    expect(actions).toEqual([
      'reply_template.save',
      'reply_template.save',
      'reply_template.save',
      'reply_template.delete',
    ]);
    // The request page offers them, and the chosen one fills the box.
    const r = await request();
    const page = (await clerkRequestPage(
      asyncOf(db),
      r.id,
      '2026-12-01',
      BASE,
      null,
      new URLSearchParams(`template=${(await listReplyTemplates(asyncOf(db)))[0].id}`),
    ))!;
    expect(page.replyTemplates.map((t) => t.name)).toEqual(['Already online']);
    expect(page.chosenTemplate?.body).toBe('The plan is on the project page.');
  });

  it('the request page filters the attach list by its GET parameters and keeps ticked documents outside the filter', async () => {
    const r = await request();
    const all = (await clerkRequestPage(asyncOf(db), r.id, '2026-12-01', BASE, null))!;
    expect(all.attachTotal).toBe(2); // the SWPPP is already on the request
    const reports = all.attachable.map((d) => d.id);
    const page = (await clerkRequestPage(
      asyncOf(db),
      r.id,
      '2026-12-01',
      BASE,
      null,
      new URLSearchParams(
        `attachType=inspection_report&attachFrom=2026-11-01&documentIds=${reports[1]}&documentIds=${reports[0]}`,
      ),
    ))!;
    expect(page.attachable.map((d) => d.title)).toEqual(['Inspection report 2026-11-02']);
    expect(page.attachHiddenTicked).toEqual([
      all.attachable.find((d) => d.title === 'Inspection report 2026-10-01')!.id,
    ]);
    expect(page.attachTypes).toEqual(['inspection_report']);
  });
});
