import 'server-only';

import { z } from 'zod';

import { parseClientAddressConfig, type ClientAddressConfig } from '@/lib/security/client-address';

import { parseFirebase } from './env-firebase';
import {
  checkSiteUrl,
  httpUrlSchema,
  MAIL_VARS,
  parseMail,
  parseMercadoPago,
} from './env-services';

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
export const DEFAULT_PAYMENT_EXPIRY_MINUTES = 30;
export const DEFAULT_CEP_LOOKUP_BASE_URL = 'https://viacep.com.br/ws';
/** A day: time for the shop to answer a WhatsApp message, short enough for Easter week. */
export const DEFAULT_MANUAL_HOLD_HOURS = 24;

const shopIdSchema = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');
const nodeEnvSchema = z.enum(['development', 'production', 'test']);
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
      `no e-mail: set ${MAIL_VARS.join(', ')} to send order e-mails, or MAIL_DISABLED=1 to run without`,
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

/** What the parsers of lib/env-firebase.ts and lib/env-services.ts check a variable with. */
export type Helpers = {
  get: (name: string) => string | undefined;
  isSet: (name: string) => boolean;
  check: <T>(name: string, schema: z.ZodType<T>, value: unknown) => T | undefined;
  problems: string[];
};

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
