import { createTokenBucketLimiter, rateLimiter, resetRateLimiters } from '.';

// The shared bucket (Firestore) is tested in ./repository.test.ts; here it always allows, so
// these tests see the in-memory first line.
jest.mock('./repository', () => ({ takeSharedToken: async () => ({ allowed: true }) }));

describe('createTokenBucketLimiter', () => {
  it('allows the burst, refuses the next with a Retry-After, and refills over the window', () => {
    let time = 0;
    const limiter = createTokenBucketLimiter({ capacity: 10, refillMs: 60_000, now: () => time });
    for (let i = 0; i < 10; i++) expect(limiter.take('ip-1')).toEqual({ allowed: true });
    expect(limiter.take('ip-1')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    // Other keys have their own bucket.
    expect(limiter.take('ip-2')).toEqual({ allowed: true });
    time += 6_000;
    expect(limiter.take('ip-1')).toEqual({ allowed: true });
    expect(limiter.take('ip-1').allowed).toBe(false);
    time += 60_000;
    for (let i = 0; i < 10; i++) expect(limiter.take('ip-1').allowed).toBe(true);
    expect(limiter.take('ip-1').allowed).toBe(false);
  });

  it('forgets the least recently used keys beyond maxKeys', () => {
    const limiter = createTokenBucketLimiter({
      capacity: 1,
      refillMs: 60_000,
      maxKeys: 2,
      now: () => 0,
    });
    limiter.take('a');
    limiter.take('b');
    limiter.take('c'); // 'a' is forgotten: it gets a fresh bucket
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });
});

describe('rateLimiter', () => {
  it('scales capacities by RATE_LIMIT_MULTIPLIER (test servers only)', async () => {
    resetRateLimiters();
    process.env.RATE_LIMIT_MULTIPLIER = '3';
    try {
      const limiter = rateLimiter('ordersPerAccount');
      for (let n = 0; n < 15; n++) expect((await limiter.take('account')).allowed).toBe(true);
      expect((await limiter.take('account')).allowed).toBe(false);
    } finally {
      delete process.env.RATE_LIMIT_MULTIPLIER;
      resetRateLimiters();
    }
  });

  it('shares one limiter per name until reset', () => {
    resetRateLimiters();
    const first = rateLimiter('sessionPerIp');
    expect(rateLimiter('sessionPerIp')).toBe(first);
    resetRateLimiters();
    expect(rateLimiter('sessionPerIp')).not.toBe(first);
  });
});
