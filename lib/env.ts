import 'server-only';

import path from 'node:path';

import { z } from 'zod';

import { parseClientAddressConfig, type ClientAddressConfig } from '@/lib/security/client-address';

export type EnvRecord = Readonly<Record<string, string | undefined>>;

export type NodeEnv = 'development' | 'production' | 'test';

export type ServiceAccount = {
  projectId: string;
  clientEmail: string;
  privateKey: string;
};

export type FirebaseClientConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  /** Optional: Firebase Analytics starts in the browser only when it is set. */
  measurementId?: string;
  /** Optional: Firebase Storage starts in the browser only when it is set. */
  storageBucket?: string;
};

/** Firebase emulators (the local stack of scripts/local-firebase). */
export type LocalFirebaseConfig = {
  mode: 'local';
  projectId: string;
  firestoreEmulatorHost: string;
  authEmulatorHost: string;
  /** The pictures' stand-in (scripts/local-firebase/storage.mjs); null: pictures unavailable. */
  storageEmulatorHost: string | null;
};

/** A real Firebase project. */
export type RealFirebaseConfig = {
  mode: 'real';
  projectId: string;
  /** null: the platform's Application Default Credentials (firebaseCredentialMode). */
  serviceAccount: ServiceAccount | null;
  client: FirebaseClientConfig;
};

export type FirebaseConfig = LocalFirebaseConfig | RealFirebaseConfig;

export type MercadoPagoConfig = {
  publicKey: string;
  accessToken: string;
  webhookSecret: string;
  apiBaseUrl: string;
};

/**
 * How order e-mails leave: SMTP (SMTP_URL and MAIL_FROM set), or, with the local Firebase, `.eml`
 * files in its data folder's outbox (lib/mail/outbox.ts).
 */
export type MailConfig =
  | { mode: 'smtp'; smtpUrl: string; from: string; shopAddress: string }
  | { mode: 'outbox'; directory: string; from: string; shopAddress: string };

export type OrderRulesConfig = {
  /** Minutes an order waiting for payment holds its stock before it expires. */
  paymentExpiryMinutes: number;
  /**
   * Hours an order paid by hand (WhatsApp, no Mercado Pago) holds its stock unless an admin
   * confirms it first.
   */
  manualHoldHours: number;
  /** The secret `POST /api/cron/expire-orders` expects as `Authorization: Bearer …`; null: off. */
  cronSecret: string | null;
};

export type Env = {
  nodeEnv: NodeEnv;
  shopId: string;
  firebase: FirebaseConfig;
  /** null when Mercado Pago is not configured: payments are unavailable. */
  mercadoPago: MercadoPagoConfig | null;
  /**
   * null when no e-mail can be sent (no SMTP and no local Firebase data folder); a production
   * server on a real project needs MAIL_DISABLED=1 for that.
   */
  mail: MailConfig | null;
  orders: OrderRulesConfig;
  /** Where the client address of per-address rate limits comes from (lib/security/client-address.ts). */
  clientAddress: ClientAddressConfig;
  /** The CEP service that fills an address from its CEP (lib/address/cep-lookup.ts). */
  cepLookup: CepLookupConfig;
};

export type CepLookupConfig = {
  /** ViaCEP's API root (or a fake's): `${baseUrl}/01310100/json/`; null: lookups off. */
  baseUrl: string | null;
};

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export const DEFAULT_SHOP_ID = 'chocolate-shop';
export const DEFAULT_LOCAL_PROJECT_ID = 'demo-chocolate-shop';
export const DEFAULT_MERCADOPAGO_API_BASE_URL = 'https://api.mercadopago.com';
export const DEFAULT_PAYMENT_EXPIRY_MINUTES = 30;
export const DEFAULT_CEP_LOOKUP_BASE_URL = 'https://viacep.com.br/ws';
/** A day: time for the shop to answer a WhatsApp message, short enough for Easter week. */
export const DEFAULT_MANUAL_HOLD_HOURS = 24;
// Local outbox only: no mail leaves the machine, so these addresses need not exist.
export const LOCAL_MAIL_FROM = 'Chocolates Tropicais <loja@chocolates.local>';
export const LOCAL_SHOP_ADDRESS = 'pedidos@chocolates.local';

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

const MERCADOPAGO_VARS = [
  'MERCADOPAGO_PUBLIC_KEY',
  'MERCADOPAGO_ACCESS_TOKEN',
  'MERCADOPAGO_WEBHOOK_SECRET',
] as const;

const hostSchema = z
  .string()
  .regex(/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port');
const shopIdSchema = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');
const nodeEnvSchema = z.enum(['development', 'production', 'test']);
const httpUrlSchema = z.url({ protocol: /^https?$/ });
const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

function listed(names: readonly string[]): string {
  return names.join(', ');
}

/**
 * Validates a raw environment (normally process.env) into the app's configuration. Pure: it
 * throws an EnvError listing every problem; messages name variables, never secret values.
 */
export function parseEnv(record: EnvRecord): Env {
  const problems: string[] = [];
  // `FOO=` in a .env file means "not set".
  const get = (name: string): string | undefined => {
    const value = record[name]?.trim();
    return value ? value : undefined;
  };
  const isSet = (name: string) => get(name) !== undefined;
  const check = <T>(name: string, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    problems.push(`${name} ${result.error.issues.map((issue) => issue.message).join('; ')}`);
    return undefined;
  };

  const nodeEnv = check('NODE_ENV', nodeEnvSchema, get('NODE_ENV') ?? 'development');
  const shopId = check('SHOP_ID', shopIdSchema, get('SHOP_ID') ?? DEFAULT_SHOP_ID);

  const firebase = parseFirebase({ get, isSet, check, problems, nodeEnv });
  const mercadoPago = parseMercadoPago({ get, isSet, check, problems });
  checkSiteUrl({ get, isSet, check, problems }, firebase, mercadoPago);
  const mail = parseMail({ get, isSet, check, problems }, firebase);
  // A real shop without SMTP would take orders and tell no one: say so unless it is meant.
  const mailDisabled = get('MAIL_DISABLED') === '1';
  if (nodeEnv === 'production' && firebase?.mode === 'real' && mail === null && !mailDisabled) {
    problems.push(
      `no e-mail: set ${listed(MAIL_VARS)} to send order e-mails, or MAIL_DISABLED=1 to run without`,
    );
  }
  const paymentExpiryMinutes = check(
    'ORDER_PAYMENT_EXPIRY_MINUTES',
    z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
    get('ORDER_PAYMENT_EXPIRY_MINUTES') ?? DEFAULT_PAYMENT_EXPIRY_MINUTES,
  );
  const manualHoldHours = check(
    'ORDER_HOLD_HOURS',
    z.coerce
      .number()
      .int()
      .min(1)
      .max(14 * 24),
    get('ORDER_HOLD_HOURS') ?? DEFAULT_MANUAL_HOLD_HOURS,
  );
  const clientAddress = parseClientAddressConfig(get);
  if ('problem' in clientAddress) problems.push(clientAddress.problem);
  // 'off' turns the CEP autofill off (the shopper types the address, as when ViaCEP is down).
  const cepLookupValue = get('CEP_LOOKUP_BASE_URL') ?? DEFAULT_CEP_LOOKUP_BASE_URL;
  const cepLookupBaseUrl =
    cepLookupValue === 'off'
      ? null
      : check('CEP_LOOKUP_BASE_URL', httpUrlSchema, cepLookupValue)?.replace(/\/+$/, '');
  const cronSecret = get('CRON_SECRET') ?? null;
  if (cronSecret !== null && cronSecret.length < 16) {
    problems.push('CRON_SECRET must be at least 16 characters');
  }

  if (
    problems.length > 0 ||
    !nodeEnv ||
    !shopId ||
    !firebase ||
    mercadoPago === undefined ||
    mail === undefined ||
    !paymentExpiryMinutes ||
    !manualHoldHours ||
    !('config' in clientAddress) ||
    cepLookupBaseUrl === undefined
  ) {
    throw new EnvError(problems);
  }
  return {
    nodeEnv,
    shopId,
    firebase,
    mercadoPago,
    mail,
    orders: { paymentExpiryMinutes, manualHoldHours, cronSecret },
    clientAddress: clientAddress.config,
    cepLookup: { baseUrl: cepLookupBaseUrl },
  };
}

type Helpers = {
  get: (name: string) => string | undefined;
  isSet: (name: string) => boolean;
  check: <T>(name: string, schema: z.ZodType<T>, value: unknown) => T | undefined;
  problems: string[];
};

function parseFirebase({
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
        `half-set local Firebase: ${listed(emulatorSet)} set but ${listed(emulatorMissing)} ` +
          `missing (set both, or neither to use a real project)`,
      );
      return undefined;
    }
    if (realOnlySet.length > 0) {
      problems.push(
        `mixed Firebase configuration: emulator variables (${listed(emulatorSet)}) and real ` +
          `project variables (${listed(realOnlySet)}) are both set; unset one group`,
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
          `emulator variables (${listed(emulatorSet)}) are set on Vercel: forged sessions would ` +
            `be accepted; remove them`,
        );
        return undefined;
      }
      if (get('ALLOW_EMULATORS_IN_PRODUCTION') !== '1') {
        problems.push(
          `emulator variables (${listed(emulatorSet)}) are set with NODE_ENV=production: ` +
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
        `the local Firebase and set ${listed(EMULATOR_VARS)}), or set ${listed(CLIENT_VARS)} ` +
        `and credentials (FIREBASE_SERVICE_ACCOUNT, or the platform's)`,
    );
    return undefined;
  }
  const clientMissing = CLIENT_VARS.filter((name) => !isSet(name));
  if (clientMissing.length > 0) {
    problems.push(
      `half-set real Firebase: ${listed(realSet)} set but ${listed(clientMissing)} missing`,
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
        `(${listed(PLATFORM_CREDENTIAL_VARS)} set) or set FIREBASE_USE_ADC=1`,
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
    problems.push(`FIREBASE_SERVICE_ACCOUNT lacks a valid ${listed(fields)}`);
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

/** Returns null when not configured, undefined when invalid (problems recorded). */
function parseMercadoPago({
  get,
  isSet,
  check,
  problems,
}: Helpers): MercadoPagoConfig | null | undefined {
  const set = MERCADOPAGO_VARS.filter(isSet);
  const missing = MERCADOPAGO_VARS.filter((name) => !isSet(name));
  const apiBaseUrl = check(
    'MERCADOPAGO_API_BASE_URL',
    httpUrlSchema,
    get('MERCADOPAGO_API_BASE_URL') ?? DEFAULT_MERCADOPAGO_API_BASE_URL,
  );
  if (set.length === 0) return null;
  if (missing.length > 0) {
    problems.push(
      `half-set Mercado Pago: ${listed(set)} set but ${listed(missing)} missing (set all or none)`,
    );
    return undefined;
  }
  if (!apiBaseUrl) return undefined;
  return {
    publicKey: get('MERCADOPAGO_PUBLIC_KEY') ?? '',
    accessToken: get('MERCADOPAGO_ACCESS_TOKEN') ?? '',
    webhookSecret: get('MERCADOPAGO_WEBHOOK_SECRET') ?? '',
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackUrl(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
  } catch {
    return false;
  }
}

/**
 * NEXT_PUBLIC_SITE_URL is where Mercado Pago sends shoppers back and posts its notifications.
 * With the emulators (unsigned tokens accepted, see parseFirebase) nothing may face the outside
 * world: neither a public site URL nor credentials of a real Mercado Pago account (a fake API on
 * this machine, as the tests use, is fine).
 */
function checkSiteUrl(
  { get, isSet, check, problems }: Helpers,
  firebase: FirebaseConfig | undefined,
  mercadoPago: MercadoPagoConfig | null | undefined,
): void {
  const siteUrl = get('NEXT_PUBLIC_SITE_URL');
  if (siteUrl !== undefined && !check('NEXT_PUBLIC_SITE_URL', httpUrlSchema, siteUrl)) return;
  if (firebase?.mode === 'local') {
    const mercadoPagoSet = MERCADOPAGO_VARS.filter(isSet);
    const apiBaseUrl = get('MERCADOPAGO_API_BASE_URL') ?? DEFAULT_MERCADOPAGO_API_BASE_URL;
    if (mercadoPagoSet.length > 0 && !isLoopbackUrl(apiBaseUrl)) {
      problems.push(
        `${listed(mercadoPagoSet)} set while the Firebase emulators are used: the emulators ` +
          `accept forged sign-ins, so real Mercado Pago credentials must not be reachable from ` +
          `them; unset ${listed(mercadoPagoSet)} (or point MERCADOPAGO_API_BASE_URL at a fake ` +
          `API on this machine)`,
      );
    }
    if (siteUrl !== undefined && !isLoopbackUrl(siteUrl)) {
      problems.push(
        'NEXT_PUBLIC_SITE_URL is not a localhost address while the Firebase emulators are ' +
          'used: the emulators accept forged sign-ins, so this server must stay local; unset it',
      );
    }
    return;
  }
  if (mercadoPago && (siteUrl === undefined || !siteUrl.startsWith('https://'))) {
    problems.push(
      `NEXT_PUBLIC_SITE_URL must be the shop's public https:// origin when Mercado Pago is ` +
        `configured (its return and notification URLs are built from it); it is ` +
        `${siteUrl === undefined ? 'unset' : 'not https'}`,
    );
  }
}

const MAIL_VARS = ['SMTP_URL', 'MAIL_FROM'] as const;
const smtpUrlSchema = z.url({ protocol: /^smtps?$/ });
const mailboxSchema = z.string().regex(/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/, {
  message: 'must be an address (loja@example.com or Loja <loja@example.com>)',
});

/** Returns null when no mail can be sent, undefined when invalid (problems recorded). */
function parseMail(
  { get, isSet, check, problems }: Helpers,
  firebase: FirebaseConfig | undefined,
): MailConfig | null | undefined {
  const set = MAIL_VARS.filter(isSet);
  const shopAddress = get('SHOP_ORDERS_EMAIL');
  if (shopAddress !== undefined) check('SHOP_ORDERS_EMAIL', z.email(), shopAddress);
  if (set.length === MAIL_VARS.length) {
    const smtpUrl = check('SMTP_URL', smtpUrlSchema, get('SMTP_URL'));
    const from = check('MAIL_FROM', mailboxSchema, get('MAIL_FROM'));
    if (!smtpUrl || !from) return undefined;
    const fromAddress = /<([^>]+)>$/.exec(from)?.[1] ?? from;
    return { mode: 'smtp', smtpUrl, from, shopAddress: shopAddress ?? fromAddress };
  }
  if (set.length > 0) {
    problems.push(
      `half-set e-mail: ${listed(set)} set but ${listed(MAIL_VARS.filter((n) => !isSet(n)))} ` +
        `missing (set both, or neither)`,
    );
    return undefined;
  }
  const dataDir = get('LOCAL_FIREBASE_DATA_DIR');
  if (firebase?.mode === 'local' && dataDir) {
    return {
      mode: 'outbox',
      directory: path.join(path.resolve(dataDir), 'outbox'),
      from: LOCAL_MAIL_FROM,
      shopAddress: shopAddress ?? LOCAL_SHOP_ADDRESS,
    };
  }
  return null;
}

/** Tuning knobs read on every call, unvalidated at start: the tests change them between calls. */
export type TuningVariable =
  | 'BACKEND_DEADLINE_MS' // lib/deadline.ts
  | 'RATE_LIMIT_DEADLINE_MS' // lib/rate-limit/index.ts
  | 'RATE_LIMIT_MULTIPLIER'; // lib/rate-limit/index.ts, test servers only

/** The positive number `name` holds, or null when it is unset or not one. */
export function tuningNumber(name: TuningVariable): number | null {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : null;
}

let cached: Env | undefined;

/** The validated configuration of this process, read once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
