/**
 * An honest on-time rate: a request never answered within its five business days counts against the rate.
 * Counted over answered requests only, one answered on time and one left unanswered past its due date read
 * "100% on time"; counted over the requests answered or past due, 50%. The Town and the operators alike.
 */
import { describe, expect, it } from 'vitest';
import { monthlyRequestStats, ON_TIME_RATE_DEFINITION, STATS_FIELDS } from '#lib/server/records-requests/statistics.ts';
import { operatorOnTimeRows, ON_TIME_FIELDS } from '#lib/server/operator-requests/statistics.ts';

const request = (dueOn: string, status: string, extra: Record<string, unknown> = {}) => ({
  receivedAt: new Date('2026-11-16T15:00:00Z'),
  dueOn,
  status,
  fulfilledOn: null,
  deniedOn: null,
  ...extra,
});

describe('unanswered and overdue requests count against the on-time rate', () => {
  it('one answered on time and one never answered past its due date: 50%, not 100%', () => {
    const { total } = monthlyRequestStats(
      [request('2026-11-23', 'fulfilled', { fulfilledOn: '2026-11-20' }), request('2026-11-23', 'received')],
      '2026-12-05',
      '2026-12-05',
    );
    expect(total).toMatchObject({
      answered: 1,
      answeredOnTime: 1,
      countedForRate: 2,
      onTimePercent: 50,
      notAnsweredInTime: 1,
    });
  });

  it('a request withdrawn after its due date passed unanswered counts against it too; one not yet due does not', () => {
    const { total } = monthlyRequestStats(
      [
        request('2026-11-23', 'fulfilled', { fulfilledOn: '2026-11-23' }),
        request('2026-11-23', 'withdrawn', { withdrawnOn: '2026-11-30' }),
        request('2026-12-09', 'received'),
        request('2026-11-23', 'withdrawn', { withdrawnOn: '2026-11-20' }),
      ],
      '2026-12-05',
      '2026-12-05',
    );
    expect(total).toMatchObject({ countedForRate: 2, onTimePercent: 50 });
  });

  it('an acknowledgment in time with a date still to come is not counted against the rate', () => {
    const { total } = monthlyRequestStats(
      [
        request('2026-11-23', 'fulfilled', { fulfilledOn: '2026-11-20' }),
        request('2026-11-23', 'acknowledged', { acknowledgedOn: '2026-11-20' }),
      ],
      '2026-12-05',
      '2026-12-05',
    );
    expect(total).toMatchObject({ countedForRate: 1, onTimePercent: 100 });
  });

  it('an operator that answered one request on time and left one unanswered: 50%', () => {
    const base = { dueOn: '2026-11-23', availableOn: null, withdrawnOn: null, operator: 'Acme Builders' };
    const [row] = operatorOnTimeRows(
      [
        { ...base, status: 'fulfilled', answeredOn: '2026-11-20' },
        { ...base, status: 'received', answeredOn: null },
      ],
      '2026-12-05',
    );
    expect(row).toMatchObject({ answered: 1, answeredOnTime: 1, notAnsweredInTime: 1, onTimePercent: 50 });
  });

  it('the definition printed beside the rate says so, and the open-data fields name what is counted', () => {
    expect(ON_TIME_RATE_DEFINITION).toContain('counts against the rate');
    expect(STATS_FIELDS.find((f) => f.name === 'on_time_percent')?.description).toContain('counted_for_rate');
    expect(STATS_FIELDS.map((f) => f.name)).toContain('counted_for_rate');
    expect(ON_TIME_FIELDS.find((f) => f.name === 'on_time_percent')?.description).toContain('not_answered_in_time');
  });
});
