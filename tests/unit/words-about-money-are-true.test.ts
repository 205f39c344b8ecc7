/**
 * Words about money must be true of the request they are said about: no "more than the limit you asked to be
 * told about first" to a requester who gave no limit; no "(free)" beside a delivery billed for staff time;
 * no "ask for electronic copies, which are free" when the charge is for electronic copies.
 */
import { describe, expect, it } from 'vitest';
import {
  costApprovalChoices,
  costApprovalClause,
  deliveryLabel,
  offersFreeElectronicCopies,
} from '#lib/shared/fees.ts';
import { explainAfterDueDate, type TimelineFacts } from '#lib/server/records-requests/request.rules.ts';
import { renderMail } from '#lib/server/platform/mail/templates/index.ts';

const waiting = (p: Partial<TimelineFacts>): TimelineFacts => ({
  status: 'awaiting_cost_approval',
  dueOn: '2026-12-08',
  acknowledgedOn: null,
  promisedOn: null,
  extensionReason: null,
  costLimitCents: null,
  costApprovalRequestedAt: null,
  pendingCostCents: null,
  deniedOn: null,
  fulfilledOn: null,
  withdrawnOn: null,
  ...p,
});
const TOWN = { kindWord: 'Town', hall: 'Town Hall' };
const mail = {
  number: 'R-2026-0042',
  name: 'Ana',
  trackUrl: 'https://portal.example/requests/track/x',
  totalText: '$84.00',
};

describe('no limit was given: the wait is never "more than your limit"', () => {
  it('the tracking page’s history names the staff time, not a limit', () => {
    const [line] = explainAfterDueDate(waiting({ pendingCostCents: 8400 }), TOWN);
    expect(line).not.toContain('limit');
    expect(line).toContain(
      'the estimate, $84.00, includes staff time preparing electronic copies, which the law lets the Town charge only with your approval',
    );
    // A village charges as the Village (decision 0078).
    expect(
      explainAfterDueDate(waiting({ pendingCostCents: 8400 }), { kindWord: 'Village', hall: 'Village Hall' })[0],
    ).toContain('which the law lets the Village charge only with your approval');
  });

  it('with a limit given, the limit is named', () => {
    expect(explainAfterDueDate(waiting({ pendingCostCents: 2350, costLimitCents: 1000 }), TOWN)[0]).toContain(
      'the cost, $23.50, is more than the $10.00 you asked to be told about first',
    );
    expect(costApprovalClause({ totalCents: 2350, limitCents: 1000, staffTimeCents: 0, kindWord: 'Town' })).toBe(
      'the cost, $23.50, is more than the $10.00 you asked to be told about first',
    );
  });

  it('the cost-approval mail without a limit or staff-time words says neither "null" nor "your limit"', () => {
    const m = renderMail('request-cost-approval', {
      ...mail,
      limitText: null,
      staffTimeText: null,
      delivery: 'electronic',
    });
    expect(m.subject).toBe('Records request R-2026-0042: staff time needs your approval first');
    expect(m.text).not.toMatch(/null|your .* limit|limit you asked/);
  });
});

describe('electronic copies are offered as free only when they would be', () => {
  it('the mail for staff time on electronic copies does not suggest electronic copies', () => {
    const m = renderMail('request-cost-approval', {
      ...mail,
      limitText: '$10.00',
      staffTimeText: '2.5 hours of staff time ($75.00)',
      delivery: 'electronic',
    });
    expect(m.text).not.toContain('electronic copies, which are free');
    expect(m.text).toContain('You can also reply to narrow the request.');
  });

  it('paper copies above the limit: the free electronic copies are offered', () => {
    const m = renderMail('request-cost-approval', {
      ...mail,
      limitText: '$10.00',
      staffTimeText: null,
      delivery: 'paper_mail',
    });
    expect(m.subject).toBe('Records request R-2026-0042: the cost is more than your $10.00 limit');
    expect(m.text).toContain(
      'You can also reply to narrow the request, or ask for electronic copies by email or download, which are free.',
    );
  });

  it.each([
    ['paper_pickup', 0, true],
    ['paper_mail', 0, true],
    ['cd', 0, true],
    ['usb', 0, true],
    ['electronic', 0, false],
    ['inspect', 0, false],
    ['paper_mail', 7500, false],
  ] as const)('%s with %i¢ of staff time: offered %s', (delivery, staff, offered) => {
    expect(offersFreeElectronicCopies(delivery, staff)).toBe(offered);
    expect(costApprovalChoices(delivery, staff).includes('which are free')).toBe(offered);
  });
});

describe('"(free)" only while nothing is charged for the delivery', () => {
  it('electronic copies billed for staff time are not "free"', () => {
    expect(deliveryLabel('electronic', 7500)).toBe('By email or download (staff time preparing the copies is charged)');
    expect(deliveryLabel('electronic', 0)).toBe('By email or download (free)');
    expect(deliveryLabel('paper_pickup', 0)).toBe('Paper copies, picked up at Town Hall');
  });
});
