'use client';

import type { Auth } from 'firebase/auth';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { loadFirebaseClient, type FirebaseClient } from '@/lib/firebase/client';

export type FirebaseStatus = 'idle' | 'loading' | 'ready' | 'error';

export type FirebaseContextValue = {
  /** The Auth instance once loaded; null before. */
  auth: Auth | null;
  status: FirebaseStatus;
  /** Auth, its SDK module and config once loaded; null before. */
  client: FirebaseClient | null;
  /** Starts (or, after an error, restarts) loading. */
  load: () => void;
};

const FirebaseContext = createContext<FirebaseContextValue | null>(null);

type Props = {
  /** Load as soon as this is true: the user tab is open, or a page that needs Auth is shown. */
  active: boolean;
  children: ReactNode;
};

/**
 * Loads the Firebase Auth SDK when it is first needed (never in a page's first load) and shares
 * it with the login form. Several providers on one page share one SDK instance.
 */
export function FirebaseProvider({ active, children }: Props) {
  // Each attempt has a number, so a retry after an error starts a fresh load.
  const [attempt, setAttempt] = useState(0);
  const [retryRequested, setRetryRequested] = useState(false);
  const [result, setResult] = useState<{ attempt: number; client: FirebaseClient | null } | null>(
    null,
  );
  const wanted = active || retryRequested;

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    loadFirebaseClient().then(
      (client) => {
        if (!cancelled) setResult({ attempt, client });
      },
      (error: unknown) => {
        console.error('Loading Firebase failed:', error);
        if (!cancelled) setResult({ attempt, client: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, attempt]);

  const load = useCallback(() => {
    setRetryRequested(true);
    setAttempt((value) => value + 1);
  }, []);

  const current = result?.attempt === attempt ? result : null;
  const status: FirebaseStatus = current
    ? current.client
      ? 'ready'
      : 'error'
    : wanted
      ? 'loading'
      : 'idle';
  const client = current?.client ?? null;
  const value: FirebaseContextValue = { auth: client?.auth ?? null, status, client, load };
  return <FirebaseContext value={value}>{children}</FirebaseContext>;
}

/**
 * The Firebase context; throws when used outside FirebaseProvider, so a component placed outside
 * it fails at once instead of waiting forever for an auth client.
 */
export function useFirebase(): FirebaseContextValue {
  const value = useContext(FirebaseContext);
  if (!value) throw new Error('Firebase context is not available');
  return value;
}
