import 'server-only';

import { z } from 'zod';

import type { EnvRecord, FirebaseClientConfig, FirebaseConfig, Helpers, NodeEnv } from './env';

// The Firebase part of the configuration (lib/env.ts parseEnv): the local emulators or a real
// project, and which credential a real project's server uses.

export const DEFAULT_LOCAL_PROJECT_ID = 'demo-chocolate-shop';

const EMULATOR_VARS = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'] as const;
const CLIENT_VARS = [
  'NEXT_PUBLIC_FIREBASE_API_KEY',
  'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
  'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
  'NEXT_PUBLIC_FIREBASE_APP_ID',
] as const;
const REAL_VARS = ['FIREBASE_SERVICE_ACCOUNT', ...CLIENT_VARS] as const;
/**
 * Set where Google's platform provides credentials: K_SERVICE on Cloud Run (App Hosting runs
 * there), FIREBASE_CONFIG where Firebase's environments configure firebase-admin,
 * GOOGLE_CLOUD_PROJECT on App Engine and Cloud Shell, GOOGLE_APPLICATION_CREDENTIALS where a
 * credential file is mounted, and FIREBASE_USE_ADC=1 to say so anywhere else (a Compute Engine
 * VM, `gcloud auth application-default login`).
 */
const PLATFORM_CREDENTIAL_VARS = [
  'K_SERVICE',
  'FIREBASE_CONFIG',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_APPLICATION_CREDENTIALS',
] as const;

export type FirebaseCredentialMode = 'key' | 'application-default' | 'none';

/**
 * Which credential a server on a real project uses: the service-account key when
 * FIREBASE_SERVICE_ACCOUNT is set (Vercel, other hosts), else Application Default Credentials
 * where the platform provides them, else none. Pure, for lib/firebase/admin.ts through parseEnv.
 */
export function firebaseCredentialMode(record: EnvRecord): FirebaseCredentialMode {
  return credentialModeOf((name) => record[name]?.trim() || undefined);
}

function credentialModeOf(get: (name: string) => string | undefined): FirebaseCredentialMode {
  if (get('FIREBASE_SERVICE_ACCOUNT')) return 'key';
  if (get('FIREBASE_USE_ADC') === '1' || PLATFORM_CREDENTIAL_VARS.some((name) => get(name))) {
    return 'application-default';
  }
  return 'none';
}

const hostSchema = z
  .string()
  .regex(/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port');
const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

const joined = (names: readonly string[]) => names.join(', ');

export function parseFirebase({
  get,
  isSet,
  check,
  problems,
  nodeEnv,
}: Helpers & { nodeEnv: NodeEnv | undefined }): FirebaseConfig | undefined {
  const emulatorSet = EMULATOR_VARS.filter(isSet);
  const emulatorMissing = EMULATOR_VARS.filter((name) => !isSet(name));
  // The local launcher sets the public project id to the demo one, so it is not a "real" var.
  const realSet = REAL_VARS.filter(isSet);
  const realOnlySet = realSet.filter((name) => name !== 'NEXT_PUBLIC_FIREBASE_PROJECT_ID');

  if (emulatorSet.length > 0) {
    if (emulatorMissing.length > 0) {
      problems.push(
        `half-set local Firebase: ${joined(emulatorSet)} set but ${joined(emulatorMissing)} ` +
          `missing (set both, or neither to use a real project)`,
      );
      return undefined;
    }
    if (realOnlySet.length > 0) {
      problems.push(
        `mixed Firebase configuration: emulator variables (${joined(emulatorSet)}) and real ` +
          `project variables (${joined(realOnlySet)}) are both set; unset one group`,
      );
      return undefined;
    }
    // firebase-admin skips ID token and session cookie signature checks whenever
    // FIREBASE_AUTH_EMULATOR_HOST is set, so anyone could forge a session (even an admin one).
    // A production server must never run like that. The local `npm start` is a production build
    // run against the emulators on purpose; its launcher sets ALLOW_EMULATORS_IN_PRODUCTION=1.
    if (nodeEnv === 'production') {
      if (isSet('VERCEL')) {
        problems.push(
          `emulator variables (${joined(emulatorSet)}) are set on Vercel: forged sessions would ` +
            `be accepted; remove them`,
        );
        return undefined;
      }
      if (get('ALLOW_EMULATORS_IN_PRODUCTION') !== '1') {
        problems.push(
          `emulator variables (${joined(emulatorSet)}) are set with NODE_ENV=production: ` +
            `firebase-admin then accepts unsigned tokens. Remove them, or set ` +
            `ALLOW_EMULATORS_IN_PRODUCTION=1 for a local production build only`,
        );
        return undefined;
      }
    }
    const firestoreEmulatorHost = check(
      'FIRESTORE_EMULATOR_HOST',
      hostSchema,
      get('FIRESTORE_EMULATOR_HOST'),
    );
    const authEmulatorHost = check(
      'FIREBASE_AUTH_EMULATOR_HOST',
      hostSchema,
      get('FIREBASE_AUTH_EMULATOR_HOST'),
    );
    const gcloudProject = get('GCLOUD_PROJECT');
    const publicProject = get('NEXT_PUBLIC_FIREBASE_PROJECT_ID');
    if (gcloudProject && publicProject && gcloudProject !== publicProject) {
      problems.push('GCLOUD_PROJECT and NEXT_PUBLIC_FIREBASE_PROJECT_ID differ');
      return undefined;
    }
    const projectId = gcloudProject ?? publicProject ?? DEFAULT_LOCAL_PROJECT_ID;
    if (!projectId.startsWith('demo-')) {
      problems.push(
        `with emulators the project id (GCLOUD_PROJECT / NEXT_PUBLIC_FIREBASE_PROJECT_ID) must ` +
          `start with 'demo-' so nothing can reach a real project; got '${projectId}'`,
      );
      return undefined;
    }
    const storageValue = get('FIREBASE_STORAGE_EMULATOR_HOST');
    const storageEmulatorHost = storageValue
      ? check('FIREBASE_STORAGE_EMULATOR_HOST', hostSchema, storageValue)
      : null;
    if (!firestoreEmulatorHost || !authEmulatorHost || storageEmulatorHost === undefined) {
      return undefined;
    }
    return {
      mode: 'local',
      projectId,
      firestoreEmulatorHost,
      authEmulatorHost,
      storageEmulatorHost,
    };
  }

  if (realSet.length === 0) {
    problems.push(
      `no Firebase configuration: start the app with \`npm run dev\` / \`npm start\` (they run ` +
        `the local Firebase and set ${joined(EMULATOR_VARS)}), or set ${joined(CLIENT_VARS)} ` +
        `and credentials (FIREBASE_SERVICE_ACCOUNT, or the platform's)`,
    );
    return undefined;
  }
  const clientMissing = CLIENT_VARS.filter((name) => !isSet(name));
  if (clientMissing.length > 0) {
    problems.push(
      `half-set real Firebase: ${joined(realSet)} set but ${joined(clientMissing)} missing`,
    );
    return undefined;
  }
  const projectId = get('NEXT_PUBLIC_FIREBASE_PROJECT_ID') ?? '';
  const client: FirebaseClientConfig = {
    apiKey: get('NEXT_PUBLIC_FIREBASE_API_KEY') ?? '',
    authDomain: get('NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN') ?? '',
    projectId,
    appId: get('NEXT_PUBLIC_FIREBASE_APP_ID') ?? '',
    measurementId: get('NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID'),
    storageBucket: get('NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET'),
  };
  const credentialMode = credentialModeOf(get);
  if (credentialMode === 'none') {
    problems.push(
      `no Firebase credentials: set FIREBASE_SERVICE_ACCOUNT (a service account key's JSON), or ` +
        `run where the platform provides Application Default Credentials ` +
        `(${joined(PLATFORM_CREDENTIAL_VARS)} set) or set FIREBASE_USE_ADC=1`,
    );
    return undefined;
  }
  if (credentialMode === 'application-default') {
    return { mode: 'real', projectId, serviceAccount: null, client };
  }

  let rawAccount: unknown;
  try {
    rawAccount = JSON.parse(get('FIREBASE_SERVICE_ACCOUNT') ?? '');
  } catch {
    problems.push(
      'FIREBASE_SERVICE_ACCOUNT is not valid JSON (expected the service account key file)',
    );
    return undefined;
  }
  const account = serviceAccountSchema.safeParse(rawAccount);
  if (!account.success) {
    const fields = [...new Set(account.error.issues.map((issue) => issue.path.join('.')))];
    problems.push(`FIREBASE_SERVICE_ACCOUNT lacks a valid ${joined(fields)}`);
    return undefined;
  }
  if (account.data.project_id !== projectId) {
    problems.push(
      'FIREBASE_SERVICE_ACCOUNT project_id differs from NEXT_PUBLIC_FIREBASE_PROJECT_ID',
    );
    return undefined;
  }
  return {
    mode: 'real',
    projectId,
    serviceAccount: {
      projectId: account.data.project_id,
      clientEmail: account.data.client_email,
      // Keys pasted into one-line env vars carry literal "\n" sequences.
      privateKey: account.data.private_key.replace(/\\n/g, '\n'),
    },
    client,
  };
}
