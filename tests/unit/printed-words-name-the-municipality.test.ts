/**
 * A village's printed words: the notice's "Re:" line, the site posting's heading, the tracking page's heading
 * and timeline for paper copies and the delivery label say the municipality's own word and hall (the profile's
 * `kindWord` and `hall`, decision 0078), never "Town" for a village.
 */
import { describe, expect, it } from 'vitest';
import { reLine } from '#lib/server/enforcement/notice-pdf.ts';
import { postingHeading } from '#lib/server/projects/site-posting.ts';
import { handoverEventText, handoverHeadline } from '#lib/server/records-requests/delivery.rules.ts';
import { deliveryLabel } from '#lib/shared/fees.ts';

const site = { name: 'Millpond Lane Townhouses', siteAddress: '30 Millpond Lane', spdesPermitId: null };

describe('printed words name the municipality, not a town', () => {
  it('the notice’s Re: line says the village’s permit', () => {
    expect(reLine({ ...site, townPermitNo: 'VP-2026-01' }, 'Village')).toBe(
      'Re: Millpond Lane Townhouses, 30 Millpond Lane - Village permit VP-2026-01',
    );
    expect(reLine({ ...site, townPermitNo: null }, 'Village')).toBe(
      'Re: Millpond Lane Townhouses, 30 Millpond Lane - no village permit or SPDES permit ID on record',
    );
  });

  it('the site posting’s heading before the permit', () => {
    expect(postingHeading({ status: 'approved', townPermitNo: null }, 'Village')).toBe(
      'NOTICE OF INTENT - VILLAGE PERMIT NOT YET ISSUED',
    );
  });

  it('paper copies wait at the village’s hall', () => {
    const facts = { status: 'awaiting_payment' as const, delivery: 'paper_pickup' as const, fulfilledOn: null };
    expect(handoverHeadline(facts, 'Village Hall')).toBe(
      'Copies ready to pick up at Village Hall once the invoice is paid',
    );
    expect(handoverHeadline({ ...facts, status: 'copies_ready', copiesReadyOn: null }, 'Village Hall')).toBe(
      'Ready for pickup at Village Hall',
    );
    expect(handoverEventText('pickup', '2026-12-03', 'Village Hall')).toBe(
      'The copies were picked up at Village Hall on December 3, 2026. The request is fulfilled.',
    );
    expect(deliveryLabel('paper_pickup', 0, 'Village Hall')).toBe('Paper copies, picked up at Village Hall');
  });
});
