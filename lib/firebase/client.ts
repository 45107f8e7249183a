// The browser's Firebase: Auth only, loaded on demand. Nothing here imports the SDK statically, so
// pages that merely import this module (the user tab is on every page) carry no Firebase code in
// their first load; the SDK chunks are fetched the first time loadFirebaseClient() is called.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';

/** What GET /api/auth/config answers: public web config, read at request time. */
export type FirebaseWebConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** Only for a real project with Analytics. */
  measurementId?: string;
  /** Only for a real project with Storage. */
  storageBucket?: string;
  /** The Auth emulator's URL in local mode; null for a real project. */
  emulatorUrl: string | null;
};

export type FirebaseAuthSdk = typeof import('firebase/auth');

export type FirebaseClient = {
  app: FirebaseApp;
  auth: Auth;
  /** The firebase/auth module, so callers need no import of their own (and no second chunk). */
  sdk: FirebaseAuthSdk;
  config: FirebaseWebConfig;
};

export const AUTH_CONFIG_URL = '/api/auth/config';

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Checks the config endpoint's answer; null when a required field is missing or malformed. */
export function parseWebConfig(value: unknown): FirebaseWebConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (!nonEmpty(raw.apiKey) || !nonEmpty(raw.authDomain) || !nonEmpty(raw.projectId)) return null;
  const emulatorUrl = raw.emulatorUrl ?? null;
  if (
    emulatorUrl !== null &&
    !(nonEmpty(emulatorUrl) && /^https?:\/\/[^/\s]+\/?$/.test(emulatorUrl))
  ) {
    return null;
  }
  const config: FirebaseWebConfig = {
    apiKey: raw.apiKey,
    authDomain: raw.authDomain,
    projectId: raw.projectId,
    emulatorUrl,
  };
  if (nonEmpty(raw.appId)) config.appId = raw.appId;
  if (nonEmpty(raw.measurementId)) config.measurementId = raw.measurementId;
  if (nonEmpty(raw.storageBucket)) config.storageBucket = raw.storageBucket;
  return config;
}

async function fetchWebConfig(): Promise<FirebaseWebConfig> {
  const response = await fetch(AUTH_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Firebase config request failed with ${response.status}`);
  const config = parseWebConfig(await response.json());
  if (!config) throw new Error('Firebase config response is malformed');
  return config;
}

/**
 * Analytics and Storage exist only for a real project that configures them; the local emulator
 * stack has neither, so they are skipped there. Lazily imported, and a failure only logs.
 */
async function startOptionalServices(app: FirebaseApp, config: FirebaseWebConfig): Promise<void> {
  if (config.emulatorUrl !== null) return;
  if (config.measurementId && config.appId) {
    try {
      const { getAnalytics, isSupported } = await import('firebase/analytics');
      if (await isSupported()) getAnalytics(app);
    } catch (error) {
      console.error('Firebase Analytics could not start:', error);
    }
  }
  if (config.storageBucket) {
    try {
      const { getStorage } = await import('firebase/storage');
      getStorage(app);
    } catch (error) {
      console.error('Firebase Storage could not start:', error);
    }
  }
}

async function startFirebaseClient(): Promise<FirebaseClient> {
  const [config, appSdk, sdk] = await Promise.all([
    fetchWebConfig(),
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const options = {
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    ...(config.appId ? { appId: config.appId } : {}),
    ...(config.measurementId ? { measurementId: config.measurementId } : {}),
    ...(config.storageBucket ? { storageBucket: config.storageBucket } : {}),
  };
  const app = appSdk.getApps()[0] ?? appSdk.initializeApp(options);
  // In-memory persistence: the httpOnly server session cookie is the source of truth, and the
  // Firebase client session only lives for the moment of a sign-in (see login-form.tsx). Nothing
  // is left in IndexedDB or localStorage. The popup flow does not need persistent storage.
  const auth = sdk.initializeAuth(app, {
    persistence: sdk.inMemoryPersistence,
    popupRedirectResolver: sdk.browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) {
    sdk.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  } else {
    void startOptionalServices(app, config);
  }
  return { app, auth, sdk, config };
}

let pending: Promise<FirebaseClient> | null = null;

/**
 * Loads the Firebase SDK (Auth only) with its runtime config, once per page load; later calls get
 * the same client. A failed attempt (offline, server down) is forgotten, so a retry starts over.
 */
export function loadFirebaseClient(): Promise<FirebaseClient> {
  pending ??= startFirebaseClient().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The client if it has already loaded, without starting a load (used by sign-out). */
export async function loadedFirebaseClient(): Promise<FirebaseClient | null> {
  if (!pending) return null;
  try {
    return await pending;
  } catch {
    return null;
  }
}
