/**
 * POL §89(3)(a): a certification that there is no record. The clerk's account of the search follows it only
 * when there is one: a reason of spaces is no account, and the requester reads no empty "Why:" or "The
 * search:" after the statute's words.
 */
import { describe, expect, it } from 'vitest';
import { noRecordCertification } from '#lib/server/records-requests/item-decisions.rules.ts';

const STATUTE =
  'Site plan: the Town of Example certifies that it does not have possession of this record (Public Officers Law §89(3)(a)). This is not a denial of access.';

describe('a certification of no record with a blank account ends at the statute', () => {
  it('a reason of spaces adds nothing after "This is not a denial of access."', () => {
    expect(noRecordCertification('Site plan', 'not_held', 'Town of Example', '   ')).toBe(STATUTE);
    expect(noRecordCertification('Site plan', 'not_found', 'Town of Example', ' \t ')).toMatch(
      /This is not a denial of access\.$/,
    );
  });
});
