export type RateLimitDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Whole seconds until one more request would be allowed (the Retry-After value). */
      retryAfterSeconds: number;
    };

/**
 * Whole seconds until a bucket holding `tokens` (< 1) has one, at `perMs` tokens a millisecond.
 * Rounded to the microsecond first, so float noise (2.0000000000000004 s) does not add a second.
 */
export function retryAfterSeconds(tokens: number, perMs: number): number {
  const seconds = Math.round(((1 - tokens) / perMs) * 1000) / 1e6;
  return Math.max(1, Math.ceil(seconds));
}
