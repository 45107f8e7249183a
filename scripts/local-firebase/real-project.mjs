// Whether the launchers use a real Firebase project instead of starting the emulators. No imports:
// with-local-firebase.mjs reads it in a production install, where the emulators' packages are
// absent.

/**
 * A real project is configured: its key, or its web app's settings (which the local stack never
 * sets) for a server on Application Default Credentials (lib/env-firebase.ts firebaseCredentialMode),
 * which may need the cloud metadata server.
 */
export function realProjectConfigured(env) {
  return Boolean(env.FIREBASE_SERVICE_ACCOUNT?.trim() || env.NEXT_PUBLIC_FIREBASE_API_KEY?.trim());
}
