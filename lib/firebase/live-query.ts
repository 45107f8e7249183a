import 'server-only';

import type { Query, QuerySnapshot } from 'firebase-admin/firestore';

import { logFailure } from '@/lib/log';

// What one server process keeps current from Firestore with a listener, instead of reading it per
// request: a listener costs one read per document at first, then one per changed document,
// whatever the traffic. A reader gets the value only while the listener is live (its first
// snapshot arrived and no error since); otherwise null, and it reads Firestore itself. A failed
// listener is started again by a read at least RESTART_AFTER_MS after it failed.

const RESTART_AFTER_MS = 1000;

type Entry = {
  path: string;
  value: unknown;
  live: boolean;
  /** When the listener failed (ms), 0 while it has not. */
  failedAt: number;
  unsubscribe: () => void;
};

// One registry per process, shared by every route bundle (like lib/rate-limit); tests close the
// listeners through it before their Firestore goes (test/local-firebase-env.ts).
const registry = ((globalThis as { __shopLiveQueries?: Map<string, Entry> }).__shopLiveQueries ??=
  new Map());

export type LiveQuery<T> = {
  /** Names the listener: one per name and process. */
  name: string;
  /** What it listens to (a collection's path): another path (another shop) replaces it. */
  path: string;
  query: () => Query;
  reshape: (snapshot: QuerySnapshot) => T;
};

/**
 * The value of a query as this process's listener last saw it, or null while that listener is
 * not live (starting, or failed: the caller reads Firestore itself). Starts the listener.
 */
export function liveQuery<T>(
  { name, path, query, reshape }: LiveQuery<T>,
  now = Date.now(),
): T | null {
  const current = registry.get(name);
  if (current && current.path === path) {
    if (current.live) return current.value as T;
    if (current.failedAt === 0 || now - current.failedAt < RESTART_AFTER_MS) return null;
  }
  current?.unsubscribe();
  const entry: Entry = { path, value: null, live: false, failedAt: 0, unsubscribe: () => {} };
  registry.set(name, entry);
  try {
    entry.unsubscribe = query().onSnapshot(
      (snapshot) => {
        entry.value = reshape(snapshot);
        entry.live = true;
      },
      (error) => {
        logFailure('backend.failed', error, { what: `listener.${name}` });
        entry.live = false;
        entry.failedAt = Date.now();
      },
    );
  } catch (error) {
    // No Firestore to listen to (the build): readers read directly, and fail as they would.
    logFailure('backend.failed', error, { what: `listener.${name}` });
    entry.failedAt = now;
  }
  return null;
}

/** Stops every listener of this process (tests, before their Firestore stops). */
export function closeLiveQueries(): void {
  for (const entry of registry.values()) entry.unsubscribe();
  registry.clear();
}
