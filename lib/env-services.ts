import 'server-only';

import path from 'node:path';

import { z } from 'zod';

import type { FirebaseConfig, Helpers, MailConfig, MercadoPagoConfig } from './env';

// The services' part of the configuration (lib/env.ts parseEnv): Mercado Pago, the site URL it
// needs, and e-mail.

export const DEFAULT_MERCADOPAGO_API_BASE_URL = 'https://api.mercadopago.com';
// Local outbox only: no mail leaves the machine, so these addresses need not exist.
export const LOCAL_MAIL_FROM = 'Chocolates Tropicais <loja@chocolates.local>';
export const LOCAL_SHOP_ADDRESS = 'pedidos@chocolates.local';

const MERCADOPAGO_VARS = [
  'MERCADOPAGO_PUBLIC_KEY',
  'MERCADOPAGO_ACCESS_TOKEN',
  'MERCADOPAGO_WEBHOOK_SECRET',
] as const;

export const httpUrlSchema = z.url({ protocol: /^https?$/ });

const joined = (names: readonly string[]) => names.join(', ');

/** Returns null when not configured, undefined when invalid (problems recorded). */
export function parseMercadoPago({
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
      `half-set Mercado Pago: ${joined(set)} set but ${joined(missing)} missing (set all or none)`,
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
export function checkSiteUrl(
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
        `${joined(mercadoPagoSet)} set while the Firebase emulators are used: the emulators ` +
          `accept forged sign-ins, so real Mercado Pago credentials must not be reachable from ` +
          `them; unset ${joined(mercadoPagoSet)} (or point MERCADOPAGO_API_BASE_URL at a fake ` +
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

export const MAIL_VARS = ['SMTP_URL', 'MAIL_FROM'] as const;
const smtpUrlSchema = z.url({ protocol: /^smtps?$/ });
const mailboxSchema = z.string().regex(/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/, {
  message: 'must be an address (loja@example.com or Loja <loja@example.com>)',
});

/** Returns null when no mail can be sent, undefined when invalid (problems recorded). */
export function parseMail(
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
      `half-set e-mail: ${joined(set)} set but ${joined(MAIL_VARS.filter((n) => !isSet(n)))} ` +
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
