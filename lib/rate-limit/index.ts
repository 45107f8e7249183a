import { backendDeadlineMs, DeadlineExceededError, withDeadline } from '@/lib/deadline';
import { tuningNumber } from '@/lib/env';
import { describeError, startRequestLog } from '@/lib/log';

import { takeSharedToken, type SharedTake } from './repository';
import { retryAfterSeconds, type RateLimitDecision } from './types';

// Request throttling behind one small interface, in two lines, so that a limit holds across every
// instance of the shop (docs/operations.md, "Rate limits"):
// - a token bucket in this process's memory, which refuses a flood without touching Firestore
//   (it sees only this instance's requests, so it never refuses what the shared bucket allows);
// - the shared bucket in Firestore (./repository.ts): one read, and one write when allowed.
// When Firestore cannot answer within the backend deadline (sharedDeadlineMs) the process's own
// bucket decides alone, one `ratelimit.degraded` line is logged and the shared checks pause for
// a few seconds: never a false 429, and one wait per pause rather than one per request (the
// request's own Firestore work then answers honestly).

export type { RateLimitDecision } from './types';

export interface RateLimiter {
  /** Takes one token for `key`; refuses (and takes nothing) when its bucket is empty. */
  take(key: string): Promise<RateLimitDecision>;
}

/** The in-memory first line: synchronous, one process. */
export interface LocalRateLimiter {
  take(key: string): RateLimitDecision;
}

export type TokenBucketOptions = {
  /** Burst size: how many requests a fresh key may make at once. */
  capacity: number;
  /** The window over which `capacity` tokens come back, e.g. 60_000 for 'N per minute'. */
  refillMs: number;
  /** Keys kept at most; the least recently used are forgotten first (bounds the memory). */
  maxKeys?: number;
  now?: () => number;
};

type Bucket = { tokens: number; updatedAt: number };

/** In-memory token buckets, one per key: `capacity` per `refillMs`, refilled continuously. */
export function createTokenBucketLimiter({
  capacity,
  refillMs,
  maxKeys = 10_000,
  now = Date.now,
}: TokenBucketOptions): LocalRateLimiter {
  const buckets = new Map<string, Bucket>();
  const perMs = capacity / refillMs;
  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: capacity, updatedAt: time };
      bucket.tokens = Math.min(capacity, bucket.tokens + (time - bucket.updatedAt) * perMs);
      bucket.updatedAt = time;
      // Re-inserted so the Map's order is least recently used first.
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return {
        allowed: false,
        retryAfterSeconds: retryAfterSeconds(bucket.tokens, perMs),
      };
    },
  };
}

/** Every limit the shop applies, by name (docs/operations.md, "Rate limits"). */
export const RATE_LIMITS = {
  /** POST /api/session: session creation per client address. */
  sessionPerIp: { capacity: 10, refillMs: 60_000 },
  /**
   * GET /api/session (every page mount) per client address. Per process only: a shared bucket
   * would add a Firestore read and write to every page view, to guard a read that costs one.
   */
  sessionReadPerIp: { capacity: 120, refillMs: 60_000, shared: false },
  /** Order placement per signed-in account. */
  ordersPerAccount: { capacity: 5, refillMs: 60_000 },
  /** Order placement per client address (several accounts behind one address). */
  ordersPerIp: { capacity: 20, refillMs: 60_000 },
  /** Pix codes and card payments from an order's page (POST /api/orders/payment) per account. */
  paymentsPerAccount: { capacity: 10, refillMs: 60_000 },
  /** The same per client address. */
  paymentsPerIp: { capacity: 30, refillMs: 60_000 },
  /**
   * Mercado Pago notifications per source address, before any signature work. Per process only:
   * it guards an HMAC check that costs less than a Firestore transaction, which a shared bucket
   * would add to every forged notification.
   */
  webhookPerIp: { capacity: 120, refillMs: 60_000, shared: false },
  /** CSP violation reports per client address. */
  cspReportPerIp: { capacity: 20, refillMs: 60_000 },
  /**
   * GET /api/address/cep/{cep} (the checkout's autofill) per client address. Per process only:
   * answers are cached, and a shared bucket would cost more than the lookup it guards.
   */
  cepLookupPerIp: { capacity: 30, refillMs: 60_000, shared: false },
  /**
   * GET /api/delivery/quote (the checkout's fee and days) per client address. Shared: each quote
   * reads the table and three weeks of day counters, so a flood spread over instances would cost
   * more than the bucket's one read and write.
   */
  deliveryQuotePerIp: { capacity: 30, refillMs: 60_000 },
  /**
   * GET /api/coupons/check per client address. Shared: a guesser spread over instances must meet
   * one limit, or coupon codes could be tried by the thousand.
   */
  couponCheckPerIp: { capacity: 20, refillMs: 60_000 },
  /** 'Avise-me quando chegar' sign-ups per client address (each writes an alert). */
  restockAlertPerIp: { capacity: 10, refillMs: 60_000 },
} as const satisfies Record<string, TokenBucketOptions & { shared?: false }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * How long a shared check may take before this process's bucket decides alone: the backend
 * deadline (lib/deadline.ts) unless RATE_LIMIT_DEADLINE_MS says otherwise. A shorter one let a
 * new instance's first check (a cold Firestore channel) or a busy machine fall back to the
 * per-process bucket, and two instances then each allowed the whole limit.
 */
export function sharedDeadlineMs(): number {
  return tuningNumber('RATE_LIMIT_DEADLINE_MS') ?? backendDeadlineMs();
}

/** After a shared check failed, the next ones skip Firestore this long (one wait, not one each). */
export const DEGRADED_PAUSE_MS = 5000;

type ProcessState = {
  limiters: Map<string, RateLimiter>;
  /** The per-process buckets of limits finished in a use-case's transaction (takeFirstLine). */
  firstLines: Map<string, LocalRateLimiter>;
  /** Prefixes every shared bucket's id: '' in a deployment, fresh after resetRateLimiters(). */
  namespace: string;
  /** Until when shared checks are skipped after a failure (ms since the epoch). */
  degradedUntil: number;
  /** Checks decided by this process alone since the last `ratelimit.degraded` line. */
  skipped: number;
  /** The buckets' clock: Date.now, or a test's (setRateLimitClock). */
  clock: () => number;
};

// One state per process, shared by every bundle that imports this module (route handlers and
// Server Actions are separate bundles in a Next build).
const state = ((globalThis as { __shopRateLimits?: ProcessState }).__shopRateLimits ??= {
  limiters: new Map(),
  firstLines: new Map(),
  namespace: '',
  degradedUntil: 0,
  skipped: 0,
  clock: Date.now,
});

export type SharedLimiterOptions = {
  capacity: number;
  refillMs: number;
  /** The shared bucket; Firestore (./repository.ts) unless a test gives another. */
  shared?: (take: SharedTake) => Promise<RateLimitDecision>;
  now?: () => number;
};

/**
 * A limiter with its own in-memory first line in front of the shared bucket of `name`: what one
 * instance of the shop holds. Two of them (two instances) share one allowance.
 */
export function createSharedLimiter(
  name: string,
  { capacity, refillMs, shared = takeSharedToken, now = () => state.clock() }: SharedLimiterOptions,
): RateLimiter {
  const firstLine = createTokenBucketLimiter({ capacity, refillMs, now });
  return {
    async take(key) {
      const local = firstLine.take(key);
      if (!local.allowed) return local;
      if (Date.now() < state.degradedUntil) {
        state.skipped += 1;
        return local;
      }
      try {
        const check = shared({
          limit: name,
          key,
          capacity,
          refillMs,
          now: now(),
          namespace: state.namespace,
        });
        return await withDeadline(check, sharedDeadlineMs(), `rate limit ${name}`);
      } catch (error) {
        // Checks under way when the episode began fail together: the first one to fail says so
        // and starts the pause; the others count as skipped, in the next episode's line.
        if (Date.now() < state.degradedUntil) {
          state.skipped += 1;
          return local;
        }
        state.degradedUntil = Date.now() + DEGRADED_PAUSE_MS;
        startRequestLog().event(
          'ratelimit.degraded',
          {
            limit: name,
            reason: error instanceof DeadlineExceededError ? 'deadline' : 'error',
            ...describeError(error),
            skippedBefore: state.skipped,
            pauseMs: DEGRADED_PAUSE_MS,
          },
          'warn',
        );
        state.skipped = 0;
        return local;
      }
    },
  };
}

/**
 * RATE_LIMIT_MULTIPLIER scales every capacity. Only for a test server whose many simulated
 * shoppers all come from 127.0.0.1 (playwright.config.ts); never set in a deployment.
 */
function multiplier(): number {
  return Math.max(1, tuningNumber('RATE_LIMIT_MULTIPLIER') ?? 1);
}

/** This process's limiter of one named limit. */
export function rateLimiter(name: RateLimitName): RateLimiter {
  let limiter = state.limiters.get(name);
  if (!limiter) {
    const limit: TokenBucketOptions & { shared?: false } = RATE_LIMITS[name];
    const capacity = limit.capacity * multiplier();
    if (limit.shared === false) {
      const local = createTokenBucketLimiter({
        capacity,
        refillMs: limit.refillMs,
        now: () => state.clock(),
      });
      limiter = { take: async (key: string) => local.take(key) };
    } else {
      limiter = createSharedLimiter(name, { capacity, refillMs: limit.refillMs });
    }
    state.limiters.set(name, limiter);
  }
  return limiter;
}

/**
 * The first half of a shared limit's check that a use-case finishes in its own transaction (an
 * order: lib/orders/place-order.ts): this process's bucket refuses a flood at once, without
 * Firestore; an allowance comes with the shared bucket to read there (readSharedTokens of
 * ./repository.ts), null for a limit that is per process only.
 */
export function takeFirstLine(
  name: RateLimitName,
  key: string,
): { allowed: false; retryAfterSeconds: number } | { allowed: true; shared: SharedTake | null } {
  const limit: TokenBucketOptions & { shared?: false } = RATE_LIMITS[name];
  const capacity = limit.capacity * multiplier();
  let firstLine = state.firstLines.get(name);
  if (!firstLine) {
    firstLine = createTokenBucketLimiter({
      capacity,
      refillMs: limit.refillMs,
      now: () => state.clock(),
    });
    state.firstLines.set(name, firstLine);
  }
  const local = firstLine.take(key);
  if (!local.allowed) return local;
  if (limit.shared === false) return { allowed: true, shared: null };
  return {
    allowed: true,
    shared: {
      limit: name,
      key,
      capacity,
      refillMs: limit.refillMs,
      now: state.clock(),
      namespace: state.namespace,
    },
  };
}

/**
 * For tests: forgets this process's buckets and starts from empty shared ones (a new id prefix;
 * the old documents stay until their TTL), and ends a degraded pause.
 */
export function resetRateLimiters(): void {
  state.clock = Date.now;
  state.limiters.clear();
  state.firstLines.clear();
  state.namespace = `test-${Math.random().toString(36).slice(2)}`;
  state.degradedUntil = 0;
  state.skipped = 0;
}

/**
 * For tests: the buckets' clock until the next resetRateLimiters(), so that a test counting N
 * requests "in a minute" does not depend on how fast the machine serves them.
 */
export function setRateLimitClock(now: () => number): void {
  state.clock = now;
}
