/**
 * Lists built from the closed lists of db/enums.ts place every member, checked by the compiler (decision 0088):
 * a new document type or status fails `tsc --noEmit` until each list says where it goes, instead of vanishing
 * from the public page, the operator's workspace or the open data. The `@ts-expect-error` lines below are the
 * type-level proof (tsconfig includes tests/, so `tsc --noEmit` fails if one of them stops being an error);
 * the rest checks the lists at run time.
 */
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  ENFORCEMENT_CATEGORIES,
  ENFORCEMENT_STATUSES,
  ENFORCEMENT_TYPES,
  PARTY_ROLES,
  type DocumentType,
  type ProjectStatus,
} from '#db/enums.ts';
import { everyInOrder, membersWhere, oneOfWords } from '#lib/shared/closed-lists.ts';
import { DOCUMENT_GROUP_ORDER } from '#lib/server/public/project-page.ts';
import { RETURNED_TO_THE_OPERATOR } from '#lib/server/desks/operator-workspace.ts';
import { DETAIL_FIELDS } from '#lib/server/public/open-data.ts';

describe('the compiler refuses a list that leaves a member out', () => {
  it('everyInOrder: a missing document type is a type error', () => {
    // @ts-expect-error 'other' is not placed
    const short = everyInOrder<DocumentType>()([
      'swppp',
      'swppp_amendment',
      'noi',
      'monthly_summary',
      'inspection_report',
      'enforcement_notice',
      'as_built_plans',
      'notice_of_termination',
    ]);
    expect(short).toHaveLength(DOCUMENT_TYPES.length - 1);
  });

  it('everyInOrder: a code that is not a member is a type error', () => {
    // @ts-expect-error 'plat' is no document type
    const wrong = everyInOrder<'a' | 'b'>()(['a', 'b', 'plat']);
    expect(wrong).toHaveLength(3);
  });

  it('membersWhere: a map missing a status is a type error', () => {
    const map = { swppp_review: false, approved: true, active: true, stop_work: true, final_stabilization: true };
    // @ts-expect-error 'complete' is not placed
    const open = map satisfies Record<ProjectStatus, boolean>;
    expect(Object.keys(open)).toHaveLength(5);
  });
});

describe('every document type is placed where the public and the operator see documents', () => {
  it('the public project page groups every type, each once', () => {
    expect([...DOCUMENT_GROUP_ORDER].sort()).toEqual([...DOCUMENT_TYPES].sort());
  });

  it("the operator's workspace decides for every type whether a returned one is theirs to correct", () => {
    expect(Object.keys(RETURNED_TO_THE_OPERATOR).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(membersWhere(DOCUMENT_TYPES, RETURNED_TO_THE_OPERATOR)).toEqual([
      'swppp_amendment',
      'as_built_plans',
      'notice_of_termination',
    ]);
  });

  it("the open data's document type field names every type", () => {
    const field = DETAIL_FIELDS.documents.find((f) => f.name === 'type');
    expect(field?.description).toBe(oneOfWords(DOCUMENT_TYPES));
    for (const t of DOCUMENT_TYPES) expect(field?.description).toContain(t);
  });

  it("the open data's other coded fields name every code of their closed list", () => {
    const described = (list: keyof typeof DETAIL_FIELDS, name: string) =>
      DETAIL_FIELDS[list].find((f) => f.name === name)?.description;
    expect(described('parties', 'role')).toBe(oneOfWords(PARTY_ROLES));
    expect(described('enforcement_actions', 'type')).toBe(oneOfWords(ENFORCEMENT_TYPES));
    expect(described('enforcement_actions', 'category')).toBe(oneOfWords(ENFORCEMENT_CATEGORIES));
    expect(described('enforcement_actions', 'status')).toBe(oneOfWords(ENFORCEMENT_STATUSES));
  });
});

describe('oneOfWords', () => {
  it.each([
    [['a'], 'a.'],
    [['a', 'b'], 'a or b.'],
    [['a', 'b', 'c'], 'a, b or c.'],
  ])('%j → %s', (codes, words) => expect(oneOfWords(codes)).toBe(words));
});
