// Request throttling behind one small interface. This implementation keeps token buckets in this
// process's memory: one server instance. A deployment with several instances must put the limits
// in front of them (the host's WAF or rate-limit rules) or implement RateLimiter over a shared
// store (Redis, Upstash, Firestore counters); README "Rate limits" says which limits exist.

export type RateLimitDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Whole seconds until one more request would be allowed (the Retry-After value). */
      retryAfterSeconds: number;
    };

export interface RateLimiter {
  /** Takes one token for `key`; refuses (and takes nothing) when its bucket is empty. */
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
}: TokenBucketOptions): RateLimiter {
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
        retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)),
      };
    },
  };
}

/** Every limit the shop applies, by name (README "Rate limits"). */
export const RATE_LIMITS = {
  /** POST /api/session: session creation per client address. */
  sessionPerIp: { capacity: 10, refillMs: 60_000 },
  /** GET /api/session (every page mount) per client address. */
  sessionReadPerIp: { capacity: 120, refillMs: 60_000 },
  /** Order placement per signed-in account. */
  ordersPerAccount: { capacity: 5, refillMs: 60_000 },
  /** Order placement per client address (several accounts behind one address). */
  ordersPerIp: { capacity: 20, refillMs: 60_000 },
  /** Mercado Pago notifications per source address, before any signature work. */
  webhookPerIp: { capacity: 120, refillMs: 60_000 },
  /** CSP violation reports per client address. */
  cspReportPerIp: { capacity: 20, refillMs: 60_000 },
} as const satisfies Record<string, TokenBucketOptions>;

export type RateLimitName = keyof typeof RATE_LIMITS;

// One set of buckets per process, shared by every bundle that imports this module (route
// handlers and Server Actions are separate bundles in a Next build).
const registry = ((
  globalThis as { __shopRateLimiters?: Map<string, RateLimiter> }
).__shopRateLimiters ??= new Map<string, RateLimiter>());

/**
 * RATE_LIMIT_MULTIPLIER scales every capacity. Only for a test server whose many simulated
 * shoppers all come from 127.0.0.1 (playwright.config.ts); never set in a deployment.
 */
function multiplier(): number {
  const value = Number(process.env.RATE_LIMIT_MULTIPLIER);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** The shared limiter of one named limit. */
export function rateLimiter(name: RateLimitName): RateLimiter {
  let limiter = registry.get(name);
  if (!limiter) {
    const { capacity, refillMs } = RATE_LIMITS[name];
    limiter = createTokenBucketLimiter({ capacity: capacity * multiplier(), refillMs });
    registry.set(name, limiter);
  }
  return limiter;
}

/** For tests: forgets every bucket. */
export function resetRateLimiters(): void {
  registry.clear();
}
