// The shared rate limits against a private local Firebase: two limiters with separate in-memory
// first lines (what two instances of the shop hold) share one allowance through Firestore.
import type { Firestore } from 'firebase-admin/firestore';

import { setUpFileFirebase } from '@/test/local-firebase-env';
import { stalledCall } from '@/test/stalled-call';

jest.setTimeout(60_000);

type Limits = typeof import('.');
type Repository = typeof import('./repository');

let db: Firestore;
let limits: Limits;
let repository: Repository;

const BUCKETS = 'projects/chocolate-shop/rateLimitBuckets';
const T0 = Date.parse('2026-04-01T12:00:00Z');

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ db } = firebase);
  // A cold emulator channel on a loaded machine: no degraded check in the tests that count.
  process.env.RATE_LIMIT_DEADLINE_MS = '15000';
  limits = await import('.');
  repository = await import('./repository');
}, 90_000);

afterAll(async () => {
  delete process.env.RATE_LIMIT_DEADLINE_MS;
});

beforeEach(() => limits.resetRateLimiters());

/** Two instances of one named limit, at a fixed time unless `clock` moves. */
function twoInstances(name: 'ordersPerAccount' | 'sessionPerIp', clock = { now: T0 }) {
  const options = { ...limits.RATE_LIMITS[name], now: () => clock.now };
  return [limits.createSharedLimiter(name, options), limits.createSharedLimiter(name, options)];
}

async function alternate(instances: import('.').RateLimiter[], key: string, count: number) {
  const decisions = [];
  for (let n = 0; n < count; n++) decisions.push(await instances[n % 2]!.take(key));
  return decisions;
}

it('orders per account: 5 across two instances, then both refuse', async () => {
  const instances = twoInstances('ordersPerAccount');
  const decisions = await alternate(instances, 'uid-shopper', 7);
  expect(decisions.map((decision) => decision.allowed)).toEqual([
    true,
    true,
    true,
    true,
    true,
    false,
    false,
  ]);
  // Another account has its own bucket.
  expect((await instances[0]!.take('uid-other')).allowed).toBe(true);
});

it('session per address: 10 across two instances, then 429 with the Retry-After of one token', async () => {
  const clock = { now: T0 };
  const instances = twoInstances('sessionPerIp', clock);
  const decisions = await alternate(instances, '203.0.113.7', 12);
  expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  // 10 a minute: one token every 6 s.
  expect(decisions[10]).toEqual({ allowed: false, retryAfterSeconds: 6 });
  expect(decisions[11]).toEqual({ allowed: false, retryAfterSeconds: 6 });
  clock.now += 4_000;
  expect(await instances[1]!.take('203.0.113.7')).toEqual({
    allowed: false,
    retryAfterSeconds: 2,
  });
  clock.now += 2_000;
  expect(await instances[0]!.take('203.0.113.7')).toEqual({ allowed: true });
  expect((await instances[1]!.take('203.0.113.7')).allowed).toBe(false);
});

it('the last token, asked for on two instances at the same moment, goes to one of them', async () => {
  const instances = twoInstances('sessionPerIp');
  await alternate(instances, '203.0.113.99', 9);
  // Each transaction reads the bucket itself: the one that commits second sees the first's take.
  const both = await Promise.all(instances.map((instance) => instance.take('203.0.113.99')));
  expect(both.filter((decision) => decision.allowed)).toHaveLength(1);
});

it('stores no client text: the id is a hash, and expiresAt says when the bucket is full again', async () => {
  const [instance] = twoInstances('sessionPerIp');
  await instance!.take('198.51.100.23');
  const snapshot = await db.collection(BUCKETS).get();
  const stored = snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
  const mine = stored.find(({ data }) => data.limit === 'sessionPerIp' && data.tokens === 9);
  expect(mine).toBeDefined();
  expect(mine!.id).toMatch(/^[0-9a-f]{64}$/);
  expect(repository.bucketId('sessionPerIp', '198.51.100.23')).not.toBe(
    repository.bucketId('sessionPerIp', '198.51.100.24'),
  );
  expect(JSON.stringify(stored)).not.toContain('198.51.100.23');
  expect(mine!.data).toMatchObject({ limit: 'sessionPerIp', tokens: 9, updatedAt: T0 });
  // One token short of 10 a minute: full again 6 s later.
  expect(mine!.data.expiresAt.toMillis()).toBe(T0 + 6_000);
});

describe('when Firestore cannot answer', () => {
  afterEach(() => {
    process.env.RATE_LIMIT_DEADLINE_MS = '15000';
    jest.restoreAllMocks();
  });

  it('the process bucket decides alone within the deadline, logs one ratelimit.degraded line, and pauses the shared checks', async () => {
    process.env.RATE_LIMIT_DEADLINE_MS = '100';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const stalled = jest.fn(stalledCall);
    const limiter = limits.createSharedLimiter('sessionPerIp', {
      ...limits.RATE_LIMITS.sessionPerIp,
      shared: stalled,
    });
    const started = Date.now();
    expect(await limiter.take('192.0.2.9')).toEqual({ allowed: true });
    expect(Date.now() - started).toBeLessThan(1_000);
    // During the pause the shared bucket is not asked again; never a false 429 ...
    for (let n = 0; n < 9; n++) expect((await limiter.take('192.0.2.9')).allowed).toBe(true);
    expect(stalled).toHaveBeenCalledTimes(1);
    // ... and this process's own limit still holds.
    expect((await limiter.take('192.0.2.9')).allowed).toBe(false);
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines.filter((line) => line.includes('ratelimit.degraded'))).toHaveLength(1);
    expect(lines[0]).toContain('reason=deadline');
    expect(lines[0]).toContain('limit=sessionPerIp');
  });

  it('a failing shared check allows too (and says why)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const limiter = limits.createSharedLimiter('ordersPerAccount', {
      ...limits.RATE_LIMITS.ordersPerAccount,
      shared: async () => {
        throw Object.assign(new Error('14 UNAVAILABLE: no connection'), { code: 14 });
      },
    });
    expect(await limiter.take('uid-x')).toEqual({ allowed: true });
    expect(String(warn.mock.calls[0]?.[0])).toContain('reason=error');
  });
});
