import 'server-only';

import { createHash } from 'node:crypto';

import { Timestamp, type DocumentData } from 'firebase-admin/firestore';

import { rateLimitBucketsCollection, runTransaction } from '@/lib/firebase/admin';

import { retryAfterSeconds, type RateLimitDecision } from './types';

// The shared token buckets (projects/{shop}/rateLimitBuckets): one document per (limit, key),
// the only module that reads or writes them. A check is one transaction: one document read, and
// one write when a token is taken (a refusal writes nothing). Every instance takes from the same
// document, so N instances share one allowance. A document holds no client text: its id is a hash
// of the limit and the key, and `expiresAt` (when the bucket would be full again, i.e. no
// different from an absent document) lets a Firestore TTL policy delete idle buckets (README).

export type SharedTake = {
  limit: string;
  key: string;
  capacity: number;
  refillMs: number;
  /** This instance's clock (ms). Instances' clocks differ by little; a bucket never runs backwards. */
  now: number;
  /** Prefixes the document id; tests use it to start from empty buckets. */
  namespace?: string;
};

type StoredBucket = { tokens: number; updatedAt: number };

/** The document id of a bucket: no client-chosen text ever becomes part of a path. */
export function bucketId(limit: string, key: string, namespace = ''): string {
  return createHash('sha256').update(`${namespace}\u0000${limit}\u0000${key}`).digest('hex');
}

function readBucket(data: DocumentData | undefined): StoredBucket | null {
  const tokens = data?.tokens;
  const updatedAt = data?.updatedAt;
  if (typeof tokens !== 'number' || typeof updatedAt !== 'number') return null;
  if (!Number.isFinite(tokens) || !Number.isFinite(updatedAt)) return null;
  return { tokens, updatedAt };
}

/** Takes one token from the shared bucket of (limit, key), or refuses with a Retry-After. */
export async function takeSharedToken({
  limit,
  key,
  capacity,
  refillMs,
  now,
  namespace = '',
}: SharedTake): Promise<RateLimitDecision> {
  const ref = rateLimitBucketsCollection().doc(bucketId(limit, key, namespace));
  const perMs = capacity / refillMs;
  return runTransaction(async (transaction) => {
    const stored = readBucket((await transaction.get(ref)).data());
    const time = Math.max(now, stored?.updatedAt ?? now);
    const tokens = stored
      ? Math.min(capacity, Math.max(0, stored.tokens) + (time - stored.updatedAt) * perMs)
      : capacity;
    if (tokens < 1) {
      return {
        allowed: false,
        retryAfterSeconds: retryAfterSeconds(tokens, perMs),
      };
    }
    const left = tokens - 1;
    transaction.set(ref, {
      limit,
      tokens: left,
      updatedAt: time,
      expiresAt: Timestamp.fromMillis(Math.ceil(time + (capacity - left) / perMs)),
    });
    return { allowed: true };
  });
}
