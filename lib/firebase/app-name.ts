/**
 * The name of the shop's firebase-admin app (lib/firebase/admin.ts), apart from that module so
 * that the tests' local Firebase (test/local-firebase-env.ts) can close the app by name without
 * loading server-only code.
 */
export const ADMIN_APP_NAME = 'chocolate-shop';
