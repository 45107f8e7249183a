// What the app's process gets from a running local Firebase (./with-local-firebase.mjs): its
// variables, and a command line that keeps a server on the emulators to the loopback address.

/**
 * Without credentials, Google's auth library probes the cloud metadata server (169.254.169.254)
 * to find some. Against emulators there is nothing to find, and that address must never be
 * contacted: the probe is off for the stack's process (./start.mjs) and every child.
 */
export const NO_METADATA_PROBE = { METADATA_SERVER_DETECTION: 'none' };

/**
 * Variables a child process needs to use the stack. ALLOW_EMULATORS_IN_PRODUCTION lets the local
 * `npm start` (a production build) talk to the emulators; lib/env.ts refuses them otherwise.
 */
export function emulatorEnv({ authHost, firestoreHost, storageHost, projectId, dataDir }) {
  return {
    ...NO_METADATA_PROBE,
    // The app writes its local e-mail outbox there (lib/env.ts).
    ...(dataDir ? { LOCAL_FIREBASE_DATA_DIR: dataDir } : {}),
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: authHost,
    // The pictures' stand-in (./storage.mjs), read by firebase-admin's Storage.
    ...(storageHost ? { FIREBASE_STORAGE_EMULATOR_HOST: storageHost } : {}),
    GCLOUD_PROJECT: projectId,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: projectId,
    ALLOW_EMULATORS_IN_PRODUCTION: '1',
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The app's command line for a stack in `mode`. With the emulators, firebase-admin accepts
 * unsigned (forged) session cookies, so a `next dev` / `next start` on them listens on
 * 127.0.0.1 only; an explicit non-loopback -H/--hostname is refused.
 */
export function appCommandFor(mode, command) {
  if (mode === 'real' || command[0] !== 'next' || !['dev', 'start'].includes(command[1])) {
    return command;
  }
  const index = command.findIndex((arg) => arg === '-H' || arg === '--hostname');
  const inline = command.find((arg) => arg.startsWith('--hostname='));
  const host = index >= 0 ? command[index + 1] : inline?.slice('--hostname='.length);
  if (host === undefined) return [...command, '-H', '127.0.0.1'];
  if (!LOOPBACK.has(host)) {
    throw new Error(
      `The app must listen on 127.0.0.1 with the Firebase emulators (they accept forged ` +
        `sign-ins), not on ${host}; remove -H ${host} or configure a real Firebase project`,
    );
  }
  return command;
}
