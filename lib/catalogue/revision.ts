import 'server-only';

import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { getAdminDb, shopPath } from '@/lib/firebase/admin';
import { liveQuery } from '@/lib/firebase/live-query';
import { logFailure } from '@/lib/log';
import { runtimeEnv } from '@/lib/public-env';

// The storefront's revision (settings/catalogue: a counter and the time of the last change),
// bumped in the transaction of every catalogue change. Every server process learns it from its
// listener on that document within moments (while the listener is not live, by reading it at most
// every STOREFRONT_REVISION_TTL_MS): the catalogue repository re-reads the products when it moved,
// and the page cache (lib/cache/storefront-cache-handler.mjs) drops pages rendered before it.
// That is how an edit saved on one instance shows on all of them (docs/ARCHITECTURE.md).

/** How long a process trusts the revision it read before it asks Firestore again. */
export const STOREFRONT_REVISION_TTL_MS = 1_000;

/**
 * The most a read of the revision may take on a request's path (half of a backend step's
 * deadline: 1.5 s); past it the last one is kept.
 */
const readDeadlineMs = () => backendDeadlineMs() / 2;

export type StorefrontRevision = {
  /** Bumped by every change; 0 before the first. */
  revision: number;
  /** When the last change was committed, ms since the epoch (Firestore's clock); 0: never. */
  changedAt: number;
};

const NONE: StorefrontRevision = { revision: 0, changedAt: 0 };

function revisionDoc() {
  return getAdminDb().doc(`${shopPath()}/settings/catalogue`);
}

/** The revision's document: an order's transaction reads it with its other documents. */
export function storefrontRevisionRef(): DocumentReference {
  return revisionDoc();
}

/** The revision number a read of storefrontRevisionRef() holds (0 before the first change). */
export function revisionOf(snapshot: DocumentSnapshot): number {
  const revision: unknown = snapshot.get('revision');
  return typeof revision === 'number' && Number.isInteger(revision) ? revision : 0;
}

function isBuildPhase(): boolean {
  return runtimeEnv('NEXT_PHASE') === 'phase-production-build';
}

// One per server process, shared by the route bundles and the page cache through globalThis.
type State = {
  value: StorefrontRevision | null;
  checkedAt: number;
  reading: Promise<StorefrontRevision> | null;
};
const state = ((globalThis as { __shopStorefrontRevision?: State }).__shopStorefrontRevision ??= {
  value: null,
  checkedAt: 0,
  reading: null,
});

function fromSnapshot(snapshot: DocumentSnapshot): StorefrontRevision {
  const changedAt: unknown = snapshot.get('changedAt');
  return {
    revision: revisionOf(snapshot),
    changedAt: changedAt instanceof Timestamp ? changedAt.toMillis() : 0,
  };
}

async function readRevision(): Promise<StorefrontRevision> {
  return fromSnapshot(await revisionDoc().get());
}

/** The revision as this process's listener on it last saw it; null while it is not live. */
function liveRevision(): StorefrontRevision | null {
  try {
    const doc = revisionDoc();
    return liveQuery({
      name: 'storefront-revision',
      path: doc.path,
      query: () => doc.parent.where(FieldPath.documentId(), '==', doc.id),
      reshape: (snapshot) => {
        const [first] = snapshot.docs;
        return first ? fromSnapshot(first) : NONE;
      },
    });
  } catch {
    // No Firestore configured: the read below fails as the caller expects.
    return null;
  }
}

/** Keeps `value` as this process's revision, unless a newer one arrived meanwhile. */
function remember(value: StorefrontRevision, at: number): StorefrontRevision {
  if (!state.value || value.revision >= state.value.revision) {
    state.value = value;
    state.checkedAt = at;
  }
  return state.value;
}

/**
 * The storefront's revision, read again when the one this process holds is older than
 * STOREFRONT_REVISION_TTL_MS (requests arriving meanwhile share one read). When Firestore does
 * not answer within readDeadlineMs() the last known revision stands (a page is then served from
 * the cache rather than not at all); with none known yet the failure is the caller's. `fresh`:
 * read now, and a failure is the caller's (an order must not be priced from an old catalogue).
 */
export async function storefrontRevision(
  options: { fresh?: boolean } = {},
): Promise<StorefrontRevision> {
  if (isBuildPhase()) return NONE;
  const now = Date.now();
  if (options.fresh) return remember(await readRevision(), now);
  // A change reaches the listener within moments of its commit, with no read per request.
  const live = liveRevision();
  if (live) return remember(live, now);
  if (state.value && now - state.checkedAt < STOREFRONT_REVISION_TTL_MS) return state.value;
  state.reading ??= withDeadline(readRevision(), readDeadlineMs(), 'storefront revision').finally(
    () => {
      state.reading = null;
    },
  );
  try {
    return remember(await state.reading, now);
  } catch (error) {
    if (!state.value) throw error;
    logFailure('backend.failed', error, { what: 'catalogue.revision' }, 'warn');
    return state.value;
  }
}

/** Inside `transaction`, marks the storefront changed (with the change's own writes). */
export function bumpStorefrontRevision(transaction: Transaction): void {
  transaction.set(
    revisionDoc(),
    { revision: FieldValue.increment(1), changedAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
}

/** After this process changed the catalogue: its next read asks Firestore at once. */
export function forgetStorefrontRevision(): void {
  state.checkedAt = 0;
}

/**
 * The name under which the page cache (lib/cache/storefront-cache-handler.mjs, loaded by Next
 * outside the app's bundles) finds the time of the last storefront change.
 */
export const STOREFRONT_CHANGED_AT = Symbol.for('chocolate-shop.storefront-changed-at');

/** Lets this process's page cache ask for the last change (instrumentation.ts, at start). */
export function installStorefrontRevisionForPageCache(): void {
  (globalThis as Record<symbol, unknown>)[STOREFRONT_CHANGED_AT] = async () =>
    (await storefrontRevision()).changedAt;
}
