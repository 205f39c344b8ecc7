/**
 * The officer's comments on a plan, each at its place: a blank row is no comment, a place without a comment is
 * refused beside its field (never dropped), the page is a page the PDF can have, and the place reads as words.
 */
import { describe, expect, it } from 'vitest';
import {
  checkPlanComments,
  commentPlace,
  PLAN_COMMENT_ROWS,
  planCommentField,
} from '#lib/server/reviews/plan-comments.rules.ts';

const row = (i: number, section: string, page: string, text: string) => ({
  [planCommentField(i, 'section')]: section,
  [planCommentField(i, 'page')]: page,
  [planCommentField(i, 'text')]: text,
});

describe('the comments posted with a deficiency notice', () => {
  it('keeps each filled row in order, spaces collapsed; blank rows are no comment', () => {
    const { comments, errors } = checkPlanComments({
      ...row(0, ' 4.2 ', '17', 'Show the  silt fence\nat the east line.'),
      ...row(1, '', '', ''),
      ...row(2, '', '', 'No construction sequence.'),
      ...row(PLAN_COMMENT_ROWS - 1, 'App. B', '', 'Sign the owner’s certification.'),
    });
    expect(errors).toEqual({});
    expect(comments).toEqual([
      { section: '4.2', page: 17, comment: 'Show the silt fence at the east line.' },
      { section: null, page: null, comment: 'No construction sequence.' },
      { section: 'App. B', page: null, comment: 'Sign the owner’s certification.' },
    ]);
    expect(checkPlanComments({})).toEqual({ comments: [], errors: {} });
  });

  it('a place without a comment, a page that is not one, or words past the limits: refused beside the field', () => {
    const { comments, errors } = checkPlanComments({
      ...row(0, '4.2', '', ''),
      ...row(1, '', '0', 'Page zero?'),
      ...row(2, '', 'twelve', 'Spelled out.'),
      ...row(3, '', '5001', 'Past the last page a PDF may have.'),
      ...row(4, 'x'.repeat(81), '1', 'A long section.'),
      ...row(5, '', '5000', 'y'.repeat(2001)),
    });
    expect(comments).toEqual([]);
    expect(errors).toEqual({
      comment_0_text: 'Write the comment for this place in the plan, or clear the row.',
      comment_1_page: 'Enter the page as a number from 1 to 5000, or leave it blank.',
      comment_2_page: 'Enter the page as a number from 1 to 5000, or leave it blank.',
      comment_3_page: 'Enter the page as a number from 1 to 5000, or leave it blank.',
      comment_4_section: 'Use at most 80 characters for the section.',
      comment_5_text: 'Use at most 2,000 characters.',
    });
  });

  it('at the limits: page 1 and 5000, 80 characters of section, 2,000 of comment', () => {
    const { comments, errors } = checkPlanComments({
      ...row(0, 'x'.repeat(80), '1', 'y'.repeat(2000)),
      ...row(1, '', '5000', 'Last page.'),
    });
    expect(errors).toEqual({});
    expect(comments.map((c) => c.page)).toEqual([1, 5000]);
  });

  it('the place in words', () => {
    expect(commentPlace({ section: '4.2', page: 17 })).toBe('Section 4.2, page 17');
    expect(commentPlace({ section: 'Section 4.2', page: null })).toBe('Section 4.2');
    expect(commentPlace({ section: '§ 5', page: null })).toBe('Section 5');
    expect(commentPlace({ section: null, page: 3 })).toBe('Page 3');
    expect(commentPlace({ section: null, page: null })).toBe('The plan as a whole');
  });
});

describe('a comment’s page, against the plan’s own pages', () => {
  it('is refused past the plan’s last page when the plan’s count is known, and taken up to it', () => {
    const past = checkPlanComments({ comment_0_page: '4', comment_0_text: 'Outlet detail.' }, 3);
    expect(past.errors.comment_0_page).toBe('The plan has 3 pages: enter a page from 1 to 3, or leave it blank.');
    expect(checkPlanComments({ comment_0_page: '2', comment_0_text: 'x' }, 1).errors.comment_0_page).toBe(
      'The plan has 1 page: enter a page from 1 to 1, or leave it blank.',
    );
    expect(checkPlanComments({ comment_0_page: '3', comment_0_text: 'Outlet detail.' }, 3)).toEqual({
      comments: [{ section: null, page: 3, comment: 'Outlet detail.' }],
      errors: {},
    });
  });
});
