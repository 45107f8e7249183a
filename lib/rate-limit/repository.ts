import 'server-only';

import { createHash } from 'node:crypto';

import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';

import { rateLimitBucketsCollection, runTransaction } from '@/lib/firebase/admin';

import { retryAfterSeconds, type RateLimitDecision } from './types';

// The shared token buckets (projects/{shop}/rateLimitBuckets): one document per (limit, key),
// the only module that reads or writes them. A check is one transaction: one document read, and
// one write when a token is taken (a refusal writes nothing); or part of a use-case's own
// transaction (sharedTokenReads: placing an order). Every instance takes from the same
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

/** One bucket as read: its tokens now, and the write that takes one. */
type ReadBucket = { tokens: number; perMs: number; take: (transaction: Transaction) => void };

function bucketRef({ limit, key, namespace = '' }: SharedTake) {
  return rateLimitBucketsCollection().doc(bucketId(limit, key, namespace));
}

/** The bucket `take` names, as stored in `data` (an absent or unreadable one is full). */
function bucketFrom(take: SharedTake, data: DocumentData | undefined): ReadBucket {
  const { limit, capacity, refillMs, now } = take;
  const perMs = capacity / refillMs;
  const stored = readBucket(data);
  const time = Math.max(now, stored?.updatedAt ?? now);
  const tokens = stored
    ? Math.min(capacity, Math.max(0, stored.tokens) + (time - stored.updatedAt) * perMs)
    : capacity;
  return {
    tokens,
    perMs,
    take: (transaction) => {
      const left = tokens - 1;
      transaction.set(bucketRef(take), {
        limit,
        tokens: left,
        updatedAt: time,
        expiresAt: Timestamp.fromMillis(Math.ceil(time + (capacity - left) / perMs)),
      });
    },
  };
}

/** The decision over several buckets: allowed when each holds a token, else the longest wait. */
function decisionOf(buckets: readonly ReadBucket[]): RateLimitDecision {
  const empty = buckets.filter((bucket) => bucket.tokens < 1);
  if (empty.length === 0) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(
      ...empty.map((bucket) => retryAfterSeconds(bucket.tokens, bucket.perMs)),
    ),
  };
}

/** Takes one token from the shared bucket of (limit, key), or refuses with a Retry-After. */
export async function takeSharedToken(take: SharedTake): Promise<RateLimitDecision> {
  return runTransaction(async (transaction) => {
    const bucket = bucketFrom(take, (await transaction.get(bucketRef(take))).data());
    const decision = decisionOf([bucket]);
    if (decision.allowed) bucket.take(transaction);
    return decision;
  });
}

/** What a use-case's transaction decides from the shared buckets it read. */
export type SharedTokens = {
  decision: RateLimitDecision;
  /** Takes one token from each bucket (call it only when allowed, with the other writes). */
  take: (transaction: Transaction) => void;
};

/**
 * The shared buckets of `takes`, to read in a use-case's own transaction (with its other
 * documents, in one batched read): `refs` to read, then `decide` with their snapshots, in order.
 * A use-case that opens a transaction anyway checks its limits there rather than in one
 * transaction of their own.
 */
export function sharedTokenReads(takes: readonly SharedTake[]): {
  refs: DocumentReference[];
  decide: (snapshots: readonly DocumentSnapshot[]) => SharedTokens;
} {
  return {
    refs: takes.map(bucketRef),
    decide: (snapshots) => {
      const buckets = takes.map((take, index) => bucketFrom(take, snapshots[index]?.data()));
      return {
        decision: decisionOf(buckets),
        take: (writer) => buckets.forEach((bucket) => bucket.take(writer)),
      };
    },
  };
}
