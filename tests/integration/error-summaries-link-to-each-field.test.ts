/**
 * A refused form, public, operator's or staff's, answers with one error summary at the top (GOV.UK's pattern):
 * "There is a problem", announced (role=alert) and ready to be focused (tabindex=-1); each of its links goes to
 * an id on the page, whose field is marked aria-invalid and shows, beside itself, the very message the link
 * carries; a message for no one field is a line without a link. Bad input is posted over HTTP to the built
 * portal as a browser would (multipart to the pages that take files). A check that lets a form through once
 * confirmed (the documents asked for are already online) is a warning: role=status, "Please check", never in
 * the error summary nor marked as a field in error.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { get, postAction, signIn, type Fields } from '../support/http.ts';
import { ancestors, byId, hasClass, matches, parseHtml, textOf, walk, type El } from '../support/html-tree.ts';

const base = inject('baseURL');
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

/** The operator's own active site in the demo town. */
const ACTIVE = 'carman-road-child-care-center';

type Who = 'anonymous' | 'operator' | 'officer' | 'clerk' | 'admin';
interface Refusal {
  who: Who;
  page: string;
  /** An Action's name, or "multipart" for a page that reads its own post, or "get" for a filter form. */
  action: string;
  fields: Fields;
}

const REFUSALS: Record<string, Refusal> = {
  'records request, nothing filled in': {
    who: 'anonymous',
    page: '/requests/new',
    action: 'requests.submit',
    fields: { intent: 'submit' },
  },
  'records request, a bad email and an unknown project': {
    who: 'anonymous',
    page: '/requests/new',
    action: 'requests.submit',
    fields: { intent: 'submit', project: 'no-such-project', name: 'A', email: 'not-an-email', freeText: 'Letters' },
  },
  'alerts, nothing filled in': {
    who: 'anonymous',
    page: `/alerts/new?project=${ACTIVE}`,
    action: 'alerts.subscribe',
    fields: {},
  },
  'sign in, a wrong password (a message for no one field)': {
    who: 'anonymous',
    page: '/signin',
    action: 'accounts.signIn',
    fields: { email: 'nobody.here@example.org', password: 'wrong-password-123' },
  },
  'report a problem, nothing filled in': { who: 'anonymous', page: '/report', action: 'multipart', fields: {} },
  'request to a site’s operator, nothing filled in': {
    who: 'anonymous',
    page: `/requests/operator/new?project=${ACTIVE}`,
    action: 'operatorRequests.submit',
    fields: { project: ACTIVE },
  },
  'request to an operator, a project that is not there': {
    who: 'anonymous',
    page: '/requests/operator/new?project=no-such-project',
    action: 'get',
    fields: {},
  },
  'public log, a year that is not one': { who: 'anonymous', page: '/requests/log?year=abc', action: 'get', fields: {} },
  '48-hour notice, nothing filled in': {
    who: 'operator',
    page: `/operator/projects/${ACTIVE}/notices`,
    action: 'notices.give',
    fields: {},
  },
  'inspection report, nothing filled in': {
    who: 'operator',
    page: `/operator/projects/${ACTIVE}/inspections/new`,
    action: 'multipart',
    fields: {},
  },
  'monthly summary, nothing filled in': {
    who: 'operator',
    page: `/operator/projects/${ACTIVE}/summaries/new`,
    action: 'multipart',
    fields: {},
  },
  'new project, nothing filled in': {
    who: 'officer',
    page: '/staff/projects/new',
    action: 'registry.createProject',
    fields: {},
  },
  'new practice, nothing filled in': {
    who: 'officer',
    page: '/staff/practices/new',
    action: 'practices.create',
    fields: {},
  },
  'a notice the officer records, nothing filled in (ids of its own)': {
    who: 'officer',
    page: `/staff/projects/${ACTIVE}/inspections`,
    action: 'notices.record',
    fields: {},
  },
  'a party, nothing filled in (ids with a prefix)': {
    who: 'officer',
    page: `/staff/projects/${ACTIVE}/parties`,
    action: 'registry.saveParty',
    fields: { role: 'contractor' },
  },
  'a request the clerk enters, nothing filled in': {
    who: 'clerk',
    page: '/staff/requests/new',
    action: 'requests.enter',
    fields: { intent: 'submit' },
  },
  'an invitation, nothing filled in': { who: 'admin', page: '/staff/users', action: 'accounts.inviteUser', fields: {} },
};

const cookies: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  for (const who of ['operator', 'officer', 'clerk', 'admin'] as const)
    cookies[who] = await signIn(base, `${who}@rotterdam.example`, DEMO_PASSWORD);
});

/** The hidden inputs of the form on the page that posts to `action`, as a browser would send them. */
async function hiddenInputs(r: Refusal, cookie?: string): Promise<Fields> {
  const root = parseHtml(await (await get(base, r.page, cookie)).text());
  const form = matches(
    root,
    (el) =>
      el.tag === 'form' &&
      (r.action === 'multipart'
        ? el.attrs.enctype === 'multipart/form-data'
        : (el.attrs.action ?? '').includes(`_action=${r.action}`)),
  )[0];
  expect(form, `the form on ${r.page}`).toBeDefined();
  const hidden: Fields = {};
  for (const input of matches(form, (el) => el.tag === 'input' && el.attrs.type === 'hidden' && Boolean(el.attrs.name)))
    hidden[input.attrs.name] = input.attrs.value ?? '';
  return hidden;
}

async function refuse(r: Refusal): Promise<Response> {
  const cookie = cookies[r.who];
  if (r.action === 'get') return get(base, r.page, cookie);
  const fields = { ...(await hiddenInputs(r, cookie)), ...r.fields };
  if (r.action !== 'multipart') return postAction(base, r.page, r.action, fields, cookie);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  return fetch(new URL(r.page, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: new URL(base).origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

const describedIds = (el: El) => (el.attrs['aria-describedby'] ?? '').split(/\s+/).filter(Boolean);

/**
 * What a link's target shows as its field's message: the error messages that the target, a control inside it,
 * or the group around it (a radio button's fieldset) names in aria-describedby, from the elements marked
 * aria-invalid.
 */
function fieldMessagesOf(root: El, target: El): string[] {
  const group = ancestors(target).find((a) => a.tag === 'fieldset');
  const owners = [target, ...walk(target), ...(group ? [group] : [])].filter(
    (el) => el.attrs['aria-invalid'] === 'true',
  );
  return owners
    .flatMap(describedIds)
    .flatMap((id) => byId(root, id))
    .filter((el) => hasClass(el, 'error-message'))
    .map(textOf);
}

describe('a refused form has one error summary at the top, each link landing on its field and its message', () => {
  for (const [name, r] of Object.entries(REFUSALS)) {
    it(`${name} (${r.who}, ${r.page})`, async () => {
      const res = await refuse(r);
      expect(res.status, 'a refusal, on the same page').toBeGreaterThanOrEqual(400);
      const root = parseHtml(await res.text());
      const summaries = matches(root, (el) => 'data-error-summary' in el.attrs);
      expect(summaries, 'one error summary').toHaveLength(1);
      const [summary] = summaries;
      expect(summary.attrs.role).toBe('alert');
      expect(summary.attrs.tabindex).toBe('-1');
      expect(textOf(matches(summary, (el) => el.tag === 'h2')[0])).toBe('There is a problem');
      const links = matches(summary, (el) => el.tag === 'a');
      const lines = matches(summary, (el) => el.tag === 'p').map(textOf);
      expect(links.length + lines.length, 'the summary says something').toBeGreaterThan(0);
      for (const a of links) {
        const href = a.attrs.href ?? '';
        expect(href, 'a link within the page').toMatch(/^#./);
        const id = decodeURIComponent(href.slice(1));
        const targets = byId(root, id);
        expect(targets, `#${id} is on the page once (“${textOf(a)}”)`).toHaveLength(1);
        expect(fieldMessagesOf(root, targets[0]), `the field #${id} shows the link’s message`).toContain(textOf(a));
        // At the top: the summary comes before the field it links to.
        const order = [...walk(root)];
        expect(order.indexOf(summary), `the summary comes before #${id}`).toBeLessThan(order.indexOf(targets[0]));
      }
      // Every field shown in error is in the summary (nothing to find by scrolling).
      const main = matches(root, (el) => el.tag === 'main')[0];
      const linked = links.map(textOf);
      for (const m of matches(main, (el) => hasClass(el, 'error-message') && !ancestors(el).includes(summary)))
        expect(linked, 'each message beside a field is in the summary').toContain(textOf(m));
    });
  }
});

describe('a warning is not an error', () => {
  it('documents that are all online, asked for by email: "Please check" with a link to the box, no error summary, nothing sent', async () => {
    const doc = one<{ id: number; slug: string }>(
      "select d.id, p.slug from documents d join projects p on p.id = d.project_id where d.public = 1 and p.published = 1 and d.type = 'swppp' order by d.id limit 1",
    );
    const before = one<{ n: number }>('select count(*) n from records_requests').n;
    const res = await postAction(base, '/requests/new', 'requests.submit', {
      formKey: 'a-warning-is-not-an-error-key'.padEnd(43, 'x'),
      intent: 'submit',
      project: doc.slug,
      documentIds: String(doc.id),
      delivery: 'electronic',
      name: 'Warned Reader',
      email: 'warned.reader@example.org',
    });
    expect(res.status, 'not a refusal').toBe(200);
    const html = await res.text();
    const root = parseHtml(html);
    expect(
      matches(root, (el) => 'data-error-summary' in el.attrs),
      'no error summary',
    ).toEqual([]);
    expect(
      matches(root, (el) => el.attrs.role === 'alert'),
      'nothing in role=alert',
    ).toEqual([]);
    expect(
      matches(root, (el) => el.attrs['aria-invalid'] === 'true'),
      'no field marked in error',
    ).toEqual([]);
    expect(
      matches(root, (el) => hasClass(el, 'error-message')),
      'no error message',
    ).toEqual([]);
    expect(html).not.toMatch(/There is a problem|\d+ errors?\b/i);

    const [warning] = matches(root, (el) => 'data-warning-summary' in el.attrs);
    expect(warning.attrs.role).toBe('status');
    expect(warning.attrs.tabindex).toBe('-1');
    expect(hasClass(warning, 'form-alert-warning')).toBe(true);
    expect(textOf(matches(warning, (el) => el.tag === 'h2')[0])).toBe('Please check');
    const [link] = matches(warning, (el) => el.tag === 'a');
    expect(link.attrs.href).toBe('#f-confirmOnlineOnly');
    expect(textOf(link)).toMatch(/^Everything you asked for is already published on this portal/);
    // Beside the box that confirms it, as a warning the box describes.
    const box = byId(root, 'f-confirmOnlineOnly')[0];
    const input = matches(box, (el) => el.attrs.name === 'confirmOnlineOnly')[0];
    expect(
      describedIds(input)
        .flatMap((id) => byId(root, id))
        .map(textOf),
    ).toEqual([textOf(link)]);
    // Everything typed is kept, and nothing was sent.
    expect(html).toContain('value="Warned Reader"');
    expect(one<{ n: number }>('select count(*) n from records_requests').n).toBe(before);
  });

  it('a 48-hour notice given late is recorded: the page says so as a warning, not as an error or a success', async () => {
    const html = await (await get(base, `/operator/projects/${ACTIVE}/notices?given=late`, cookies.operator)).text();
    const root = parseHtml(html);
    const [warning] = matches(root, (el) => hasClass(el, 'form-alert-warning'));
    expect(warning.attrs.role).toBe('status');
    expect(textOf(warning)).toContain('recorded as late');
    expect(matches(root, (el) => el.attrs.role === 'alert' || 'data-error-summary' in el.attrs)).toEqual([]);
    expect(matches(root, (el) => hasClass(el, 'form-alert-success'))).toEqual([]);
  });
});
