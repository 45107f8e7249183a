import {
  applyCharge,
  applyPreapproval,
  type AuthorizedPayment,
  canMove,
  isMemberState,
  MEMBERSHIP_STATES,
  stateFromPreapprovalStatus,
  type Membership,
  type Preapproval,
} from './membership';

const NOW = Date.UTC(2026, 10, 27, 12);

function membership(fields: Partial<Membership> = {}): Membership {
  return {
    uid: 'uid-ana',
    email: 'ana@example.com',
    plan: 'mensal',
    state: 'pending',
    locale: 'pt-BR',
    boxMonths: [],
    provider: 'mercadopago',
    preapprovalId: 'pre-1',
    initPoint: 'https://mp.example/checkout?preapproval_id=pre-1',
    nextChargeAt: null,
    sourceModifiedAt: NOW - 60_000,
    createdAt: NOW - 120_000,
    updatedAt: NOW - 120_000,
    ...fields,
  };
}

function preapproval(fields: Partial<Preapproval> = {}): Preapproval {
  return {
    id: 'pre-1',
    status: 'authorized',
    externalReference: 'uid-ana',
    lastModifiedAt: NOW - 1000,
    nextPaymentAt: NOW + 30 * 86_400_000,
    ...fields,
  };
}

describe('membership states', () => {
  it("map Mercado Pago's preapproval statuses", () => {
    expect(stateFromPreapprovalStatus('pending')).toBe('pending');
    expect(stateFromPreapprovalStatus('authorized')).toBe('active');
    expect(stateFromPreapprovalStatus('paused')).toBe('paused');
    expect(stateFromPreapprovalStatus('cancelled')).toBe('cancelled');
    expect(stateFromPreapprovalStatus('finished')).toBe('cancelled');
    expect(stateFromPreapprovalStatus('approved')).toBeNull();
  });

  it('allow pausing and resuming, and make cancelled final', () => {
    expect(canMove('pending', 'active')).toBe(true);
    expect(canMove('active', 'paused')).toBe(true);
    expect(canMove('paused', 'active')).toBe(true);
    expect(canMove('active', 'pending')).toBe(false);
    for (const state of MEMBERSHIP_STATES) expect(canMove('cancelled', state)).toBe(false);
  });

  it('make only an active membership a member', () => {
    expect(MEMBERSHIP_STATES.filter(isMemberState)).toEqual(['active']);
    expect(isMemberState(null)).toBe(false);
  });
});

describe('applyPreapproval', () => {
  it('activates a pending membership when the preapproval is authorized', () => {
    const outcome = applyPreapproval(membership(), preapproval(), NOW);
    expect(outcome).toEqual({
      result: 'updated',
      membership: membership({
        state: 'active',
        boxMonths: ['2026-11'],
        initPoint: null,
        nextChargeAt: NOW + 30 * 86_400_000,
        sourceModifiedAt: NOW - 1000,
        updatedAt: NOW,
      }),
    });
  });

  it('pauses, resumes and cancels, forgetting the next charge when not active', () => {
    const active = membership({ state: 'active', initPoint: null, nextChargeAt: 1 });
    const paused = applyPreapproval(active, preapproval({ status: 'paused' }), NOW);
    expect(paused).toMatchObject({ result: 'updated', membership: { state: 'paused' } });
    if (paused.result !== 'updated') throw new Error('not updated');
    expect(paused.membership.nextChargeAt).toBeNull();
    const resumed = applyPreapproval(
      paused.membership,
      preapproval({ lastModifiedAt: NOW + 1000 }),
      NOW,
    );
    expect(resumed).toMatchObject({ result: 'updated', membership: { state: 'active' } });
    const cancelled = applyPreapproval(active, preapproval({ status: 'cancelled' }), NOW);
    expect(cancelled).toMatchObject({ result: 'updated', membership: { state: 'cancelled' } });
  });

  it('changes nothing for the same report again', () => {
    const first = applyPreapproval(membership(), preapproval(), NOW);
    if (first.result !== 'updated') throw new Error('not updated');
    expect(applyPreapproval(first.membership, preapproval(), NOW + 5)).toEqual({
      result: 'unchanged',
    });
  });

  it('ignores a report older than the one applied (deliveries out of order)', () => {
    const active = membership({ state: 'active', sourceModifiedAt: NOW });
    const older = preapproval({ status: 'pending', lastModifiedAt: NOW - 10_000 });
    expect(applyPreapproval(active, older, NOW)).toEqual({ result: 'stale' });
  });

  it('never brings a cancelled membership back', () => {
    const cancelled = membership({ state: 'cancelled', sourceModifiedAt: NOW - 10_000 });
    expect(applyPreapproval(cancelled, preapproval(), NOW)).toEqual({ result: 'refused' });
  });

  it('leaves the membership alone for another preapproval or an unknown status', () => {
    expect(applyPreapproval(membership(), preapproval({ id: 'pre-2' }), NOW)).toEqual({
      result: 'other-preapproval',
    });
    expect(applyPreapproval(membership(), preapproval({ status: 'odd' }), NOW)).toEqual({
      result: 'unknown-status',
    });
  });
});

describe('the months a member gets a box', () => {
  it('records the month (Brazil time) when the membership becomes active, once', () => {
    const first = applyPreapproval(membership(), preapproval(), NOW);
    expect(first.result).toBe('updated');
    const active = (first as { membership: Membership }).membership;
    expect(active.boxMonths).toEqual(['2026-11']);
    // The same report again in the same month changes nothing.
    expect(applyPreapproval(active, preapproval(), NOW + 1000)).toEqual({ result: 'unchanged' });
  });

  it('adds the next month on a report while active in that month, and none while paused', () => {
    const active = membership({ state: 'active', boxMonths: ['2026-11'], nextChargeAt: NOW + 1 });
    const december = Date.UTC(2026, 11, 27, 12);
    const next = applyPreapproval(
      active,
      preapproval({ lastModifiedAt: december, nextPaymentAt: NOW + 1 }),
      december,
    );
    expect(next).toMatchObject({
      result: 'updated',
      membership: { boxMonths: ['2026-11', '2026-12'] },
    });
    const paused = applyPreapproval(
      membership({ state: 'paused', boxMonths: ['2026-11'] }),
      preapproval({ status: 'paused', lastModifiedAt: december }),
      december,
    );
    expect(paused).toEqual({ result: 'unchanged' });
  });

  it('turns the month in Brazil, not in UTC', () => {
    // 01:00 UTC on 1 December is still 30 November in São Paulo.
    const lateNovember = Date.UTC(2026, 11, 1, 1);
    const outcome = applyPreapproval(membership(), preapproval(), lateNovember);
    expect(outcome).toMatchObject({ membership: { boxMonths: ['2026-11'] } });
  });
});

describe('applyCharge (a monthly charge)', () => {
  const OCTOBER = Date.UTC(2026, 9, 10, 15);
  const NOVEMBER = Date.UTC(2026, 10, 10, 15);
  function charge(fields: Partial<AuthorizedPayment> = {}): AuthorizedPayment {
    return {
      id: '7001',
      preapprovalId: 'pre-1',
      paymentStatus: 'approved',
      status: 'processed',
      amount: 109,
      at: NOVEMBER,
      ...fields,
    };
  }
  const active = membership({ state: 'active', boxMonths: ['2026-10'] });

  it('approved: adds the month once and becomes the last charge; the same again is unchanged', () => {
    const first = applyCharge(active, charge(), NOW);
    expect(first).toMatchObject({
      result: 'charged',
      membership: {
        boxMonths: ['2026-10', '2026-11'],
        lastCharge: { id: '7001', status: 'approved', amount: 109, at: NOVEMBER },
      },
    });
    if (first.result !== 'charged') throw new Error('not charged');
    expect(applyCharge(first.membership, charge(), NOW)).toEqual({ result: 'unchanged' });
  });

  it('an older charge reported late: its missing month is added, the newer stays the last', () => {
    const november = { id: '7002', status: 'approved' as const, amount: 109, at: NOVEMBER };
    const late = applyCharge(
      membership({ state: 'active', boxMonths: ['2026-11'], lastCharge: november }),
      charge({ id: '7001', at: OCTOBER }),
      NOW,
    );
    expect(late).toMatchObject({
      result: 'charged',
      membership: { boxMonths: ['2026-10', '2026-11'], lastCharge: november },
    });
    // An older failure after a newer charge is stale: nothing recorded, nothing sent.
    expect(
      applyCharge(
        membership({ state: 'active', lastCharge: november }),
        charge({ id: '7001', at: OCTOBER, paymentStatus: 'rejected', status: 'recycling' }),
        NOW,
      ),
    ).toEqual({ result: 'stale' });
  });

  it('rejected: recorded without a month; pending, given up or another subscription: nothing', () => {
    expect(
      applyCharge(active, charge({ paymentStatus: 'rejected', status: 'recycling' }), NOW),
    ).toMatchObject({
      result: 'charge-failed',
      membership: { boxMonths: ['2026-10'], lastCharge: { status: 'rejected' } },
    });
    expect(applyCharge(active, charge({ paymentStatus: null, status: 'scheduled' }), NOW)).toEqual({
      result: 'charge-pending',
    });
    expect(
      applyCharge(active, charge({ paymentStatus: 'rejected', status: 'cancelled' }), NOW),
    ).toEqual({ result: 'charge-pending' });
    expect(applyCharge(active, charge({ preapprovalId: 'pre-2' }), NOW)).toEqual({
      result: 'other-preapproval',
    });
  });
});
