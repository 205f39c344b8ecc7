import { describe, expect, it } from 'vitest';
import type { Finding } from '#lib/server/compliance/compliance.rules.ts';
import { HeldFindingsBuilder, type HeldOrder } from '#lib/server/public/held-findings.ts';

const gap = (key: string, from: string, extra: Partial<Finding> = {}): Finding => ({
  rule: 'routine-gap',
  key,
  severity: 'medium',
  status: 'open',
  section: 'L(1)',
  source: 'ordinance',
  title: 'No inspection for ' + String(11) + ' days',
  text: ['Nothing was filed from', from, 'on.'].join(' '),
  from,
  ...extra,
});

const newestFirst: HeldOrder = (a, b) =>
  a.finding.from < b.finding.from ? 1 : a.finding.from > b.finding.from ? -1 : a.projectId - b.projectId;

describe('the town-wide findings held as columns', () => {
  const storm = gap('post-storm:2026-05-02', '2026-05-02', {
    rule: 'post-storm',
    severity: 'high',
    dueAt: new Date('2026-05-03T16:00:00Z'),
    dueOn: '2026-05-03',
  });
  const ended = gap('routine-gap:2026-04-01', '2026-04-01', {
    status: 'resolved',
    resolvedOn: '2026-04-12',
    source: 'state-permit',
  });
  const open = gap('routine-gap:2026-05-20', '2026-05-20');
  const held = new HeldFindingsBuilder();
  held.add(7, ended);
  held.add(3, storm);
  held.add(7, open);
  const findings = held.build(newestFirst);

  it('gives back every field of every finding, dates as dates, none it did not have, in the order asked for', () => {
    const all = findings.select();
    expect(all).toStrictEqual([
      { projectId: 7, finding: open },
      { projectId: 3, finding: storm },
      { projectId: 7, finding: ended },
    ]);
    expect(all[1].finding.dueAt).toBeInstanceOf(Date);
    expect('resolvedOn' in all[0].finding).toBe(false);
    expect(findings.length).toBe(3);
  });

  it('makes new objects each time, so a reader cannot change what the next one reads', () => {
    const first = findings.select()[0].finding;
    first.title = 'changed';
    expect(findings.select()[0].finding.title).toBe(open.title);
  });

  it('keeps only the projects, rules, severities and statuses asked for', () => {
    const keys = (list: Array<{ finding: Finding }>) => list.map((f) => f.finding.key);
    expect(keys(findings.select({ projectIds: new Set([7]) }))).toEqual([open.key, ended.key]);
    expect(keys(findings.select({ severities: ['high'] }))).toEqual([storm.key]);
    expect(keys(findings.select({ statuses: ['resolved'] }))).toEqual([ended.key]);
    expect(keys(findings.select({ rules: ['routine-gap'], statuses: ['open'] }))).toEqual([open.key]);
    // A value no finding has keeps none (not every one).
    expect(findings.select({ severities: ['low'] })).toEqual([]);
    expect(findings.select({ rules: ['phasing-required'] })).toEqual([]);
    // An empty list asks for nothing in particular.
    expect(findings.select({ severities: [] })).toHaveLength(3);
  });
});
