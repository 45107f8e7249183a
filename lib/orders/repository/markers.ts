import 'server-only';

import { FieldValue, type Transaction } from 'firebase-admin/firestore';

import { getAdminDb, shopPath } from '@/lib/firebase/admin';
import { logFailure } from '@/lib/log';
import { markUserOrdersChanged } from '@/lib/users/repository';

// Change markers: what the live-update polls compare, so a poll that finds nothing new costs at
// most the session's one read (app/api/orders/changes, app/api/orders/panel-changes).

/**
 * The shop-wide marker is split over this many documents (`orderMarkers/shard-{n}`), one picked
 * at random per change, and their versions summed: every order transaction writes one, and
 * Firestore sustains about one write per second per document (docs/SCALING.md).
 */
export const ORDER_MARKER_SHARDS = 10;

function orderMarkersCollection() {
  return getAdminDb().collection(`${shopPath()}/orderMarkers`);
}

/**
 * Inside `transaction`, records that an order of `clientRef` was placed or changed status: bumps
 * the shopper's marker (their user document) and one shard of the shop's. Blind increments, no
 * reads. Call it in every transaction that creates an order or writes its `statusChangedAt`.
 */
export function markOrderChanged(transaction: Transaction, clientRef: string): void {
  const shard = Math.floor(Math.random() * ORDER_MARKER_SHARDS);
  transaction.set(
    orderMarkersCollection().doc(`shard-${shard}`),
    { version: FieldValue.increment(1) },
    { merge: true },
  );
  if (clientRef) markUserOrdersChanged(transaction, clientRef);
}

function sumOfVersions(docs: readonly { get: (field: string) => unknown }[]): number {
  return docs.reduce((sum, doc) => {
    const version: unknown = doc.get('version');
    return sum + (typeof version === 'number' && Number.isFinite(version) ? version : 0);
  }, 0);
}

type MarkerListener = {
  /** The marker collection listened to (a new shop or project starts a new listener). */
  path: string;
  /** The sum of the shards at the last snapshot; null until the first one arrives. */
  version: number | null;
  unsubscribe: () => void;
};

// One listener per server process, shared by every route bundle through globalThis (like
// lib/rate-limit): the panel's poll then costs no read for the marker while it is live. Tests
// close it through this global before their Firestore goes (test/local-firebase-env.ts).
const markerState = ((
  globalThis as { __shopOrderMarker?: { listener: MarkerListener | null } }
).__shopOrderMarker ??= { listener: null });

function startMarkerListener(path: string): void {
  const listener: MarkerListener = { path, version: null, unsubscribe: () => undefined };
  markerState.listener = listener;
  listener.unsubscribe = orderMarkersCollection().onSnapshot(
    (snapshot) => {
      listener.version = sumOfVersions(snapshot.docs);
    },
    (error) => {
      // The listener stops on an error: the next poll reads directly and starts a new one.
      logFailure('backend.failed', error, { what: 'orders.marker-listener' });
      if (markerState.listener === listener) markerState.listener = null;
    },
  );
}

/**
 * The shop-wide order marker: a number that grows with every order placed or changed. From this
 * process's listener when it is live (no read), else read directly (one read per shard document)
 * while a listener is (re)started for the next calls.
 */
export async function readOrdersMarker(): Promise<number> {
  const path = orderMarkersCollection().path;
  const current = markerState.listener;
  if (current && current.path === path && current.version !== null) return current.version;
  if (!current || current.path !== path) {
    current?.unsubscribe();
    startMarkerListener(path);
  }
  return sumOfVersions((await orderMarkersCollection().get()).docs);
}
