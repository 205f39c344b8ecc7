/**
 * The officer answers the town inspection's checklist in the record form, on the running portal: the answers of
 * the inspection's milestone are kept (a blank item is "not checked", never "yes"), shown under the inspection
 * with how many were "no", and audited with the record; an answer that is not one of the choices is refused
 * beside its item, with everything typed kept.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { expectSeeOther } from '../support/attack.ts';
import { get, postAction, signIn } from '../support/http.ts';

const base = inject('baseURL');
const dataDir = inject('dataDir');
const SLUG = 'altamont-avenue-plaza';
const page = `/staff/projects/${SLUG}/inspections`;

let officer: string;
let projectId: number;

function db() {
  return new Database(path.join(dataDir, 'portal.db'), { readonly: true });
}

beforeAll(async () => {
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
  const conn = db();
  projectId = (conn.prepare('select id from projects where slug = ?').get(SLUG) as { id: number }).id;
  conn.close();
});

describe('a town inspection’s checklist', () => {
  it('the record form asks every visit’s items and each milestone’s, nothing chosen but “Not checked”', async () => {
    const html = await (await get(base, page, officer)).text();
    expect(html).toContain('Checklist: every visit');
    expect(html).toContain('Is the SWPPP kept at the site (L(4))?');
    expect(html).toContain('data-checklist-milestones="close_of_season"');
    expect(html).not.toMatch(/name="check_swppp_on_site" value="yes" checked/);
    expect(html).toMatch(/name="check_swppp_on_site" value="" checked/);
  });

  it('an answer that is not a choice is refused beside its item; the findings typed are kept', async () => {
    const res = await postAction(
      base,
      page,
      'notices.recordTownInspection',
      {
        projectId,
        inspectedOn: townToday(),
        outcome: 'approved',
        findings: 'Fence reset along the north line.',
        check_swppp_on_site: 'maybe',
      },
      officer,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="i-check_swppp_on_site-error"');
    expect(html).toContain('Choose yes, no or not applicable.');
    expect(html).toContain('Fence reset along the north line.');
  });

  it('the milestone’s answers are kept, blanks and other milestones’ items are not, and the list says how many were no', async () => {
    await expectSeeOther(
      postAction(
        base,
        page,
        'notices.recordTownInspection',
        {
          projectId,
          milestone: 'close_of_season',
          inspectedOn: townToday(),
          outcome: 'follow_up',
          findings: 'Mulch missing on the west slope.',
          check_swppp_on_site: 'yes',
          check_noi_posted: '',
          check_winter_stabilization: 'no',
          check_final_stabilization: 'yes',
          check_no_rill_or_gully: 'na',
        },
        officer,
      ),
      'the town inspection',
    );
    const conn = db();
    const inspection = conn
      .prepare('select id from town_inspections where project_id = ? order by id desc limit 1')
      .get(projectId) as { id: number };
    const checks = conn
      .prepare('select item, answer from town_inspection_checks where town_inspection_id = ? order by item')
      .all(inspection.id);
    const audited = conn
      .prepare("select after_json a from audit_log where action = 'town_inspection.record' and entity_id = ?")
      .get(String(inspection.id)) as { a: string };
    conn.close();
    expect(checks).toEqual([
      { item: 'no_rill_or_gully', answer: 'na' },
      { item: 'swppp_on_site', answer: 'yes' },
      { item: 'winter_stabilization', answer: 'no' },
    ]);
    expect(JSON.parse(audited.a).checks).toHaveLength(3);
    const html = await (await get(base, page, officer)).text();
    expect(html).toContain('Checklist (3 answered, 1 no)');
    expect(html).toMatch(
      /Is the site stabilized for the season’s close, with the controls left working \(L\(1\)\(f\)\)\? <strong>No<\/strong>/,
    );
  });
});
