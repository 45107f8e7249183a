// The Content-Security-Policy of every page, built per request in the proxy (the Auth emulator's
// port and the deployment are only known at run time).
import { createHash } from 'node:crypto';

import { BOOT_SCRIPT } from '@/lib/boot-script';

/** Where the browser sends violation reports (app/api/csp-report/route.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API group name of that endpoint (Reporting-Endpoints header). */
export const CSP_REPORT_GROUP = 'csp';

/**
 * The pages that get a per-request nonce policy: they handle accounts, checkout, payment and the
 * control panel, and are rendered per request anyway (a nonce cannot be baked into a prerendered
 * page). `path` is without its locale prefix.
 */
export function usesNoncePolicy(path: string): boolean {
  return ['/usuario', '/checkout', '/control-panel'].some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
}

export type CspContext = {
  /** The Auth emulator's origin (http://127.0.0.1:port) in local mode, else null. */
  authEmulatorOrigin: string | null;
  /** The real project's Auth domain (its popup helper iframe), else null. */
  authDomain: string | null;
  /** Firebase Analytics is configured (NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID). */
  analytics: boolean;
  /** Running on Vercel: its Analytics and Speed Insights scripts. */
  vercel: boolean;
  /** Served over https in production: upgrade-insecure-requests. */
  https: boolean;
};

// Firebase Auth in the browser: the Identity Toolkit and token APIs, and Google's gapi loader
// (the popup flow's helper iframe talks to the page through it).
const FIREBASE_AUTH_SCRIPTS = ['https://apis.google.com'];
const FIREBASE_AUTH_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];
// Firebase Analytics (only when a measurement id is configured).
const FIREBASE_ANALYTICS_SCRIPTS = ['https://www.googletagmanager.com'];
const FIREBASE_ANALYTICS_CONNECT = [
  'https://firebase.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://*.google-analytics.com',
];
// MercadoPago.js, its API calls and its bricks' frames (the order confirmation page).
const MERCADOPAGO_SCRIPTS = ['https://sdk.mercadopago.com'];
const MERCADOPAGO_CONNECT = [
  'https://api.mercadopago.com',
  'https://api.mercadolibre.com',
  'https://events.mercadopago.com',
  'https://http2.mlstatic.com',
];
const MERCADOPAGO_FRAMES = [
  'https://www.mercadopago.com.br',
  'https://*.mercadopago.com',
  'https://*.mercadopago.com.br',
  'https://*.mercadolibre.com',
];
// Vercel Analytics and Speed Insights load from /_vercel (same origin) or this host.
const VERCEL_SCRIPTS = ['https://va.vercel-scripts.com'];

/** sha256 of the inline boot script in app/[locale]/layout.tsx, for the nonce policy. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

function common(context: CspContext, extra: { connect: string[]; frames: string[] }) {
  const firebaseConnect = context.authEmulatorOrigin
    ? [context.authEmulatorOrigin]
    : FIREBASE_AUTH_CONNECT;
  const firebaseFrames = context.authEmulatorOrigin
    ? [context.authEmulatorOrigin]
    : context.authDomain
      ? [`https://${context.authDomain}`]
      : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...firebaseConnect,
      ...(context.analytics ? FIREBASE_ANALYTICS_CONNECT : []),
      ...extra.connect,
    ],
    // Avatars come from the sign-in provider's photo host, which is not a fixed list.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    // React's style attributes and Next's font and route styles are inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'frame-src': [...firebaseFrames, ...extra.frames],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    'report-to': [CSP_REPORT_GROUP],
  };
  if (directives['frame-src']!.length === 0) directives['frame-src'] = ["'none'"];
  return directives;
}

function withUpgrade(context: CspContext, directives: Record<string, string[]>): string {
  const policy = serialize(directives);
  return context.https ? `${policy}; upgrade-insecure-requests` : policy;
}

function scriptOrigins(context: CspContext): string[] {
  return [
    ...FIREBASE_AUTH_SCRIPTS,
    ...(context.analytics ? FIREBASE_ANALYTICS_SCRIPTS : []),
    ...(context.vercel ? VERCEL_SCRIPTS : []),
  ];
}

/**
 * Prerendered pages (catalogue, content): an allow-list. Next streams each page's data as inline
 * `self.__next_f.push(...)` scripts whose text differs per page and build, and a prerendered
 * page cannot carry a per-request nonce, so these pages need 'unsafe-inline' for scripts. They
 * render no user input (only the catalogue and messages/), which is what keeps that acceptable.
 */
export function staticPagePolicy(context: CspContext): string {
  const directives = common(context, { connect: [], frames: [] });
  directives['script-src'] = ["'self'", "'unsafe-inline'", ...scriptOrigins(context)];
  return withUpgrade(context, directives);
}

/**
 * Account, checkout, payment and control-panel pages: only scripts carrying this request's nonce
 * (Next puts it on its own scripts when it finds it in the request's policy) and what they load
 * ('strict-dynamic'), plus the boot script by hash. The listed origins only matter to browsers
 * without 'strict-dynamic'; 'unsafe-inline' is ignored by any browser that knows nonces.
 */
export function noncePagePolicy(nonce: string, context: CspContext): string {
  const directives = common(context, { connect: MERCADOPAGO_CONNECT, frames: MERCADOPAGO_FRAMES });
  directives['script-src'] = [
    `'nonce-${nonce}'`,
    "'strict-dynamic'",
    BOOT_SCRIPT_HASH,
    "'self'",
    ...scriptOrigins(context),
    ...MERCADOPAGO_SCRIPTS,
  ];
  return withUpgrade(context, directives);
}

/** A fresh, unguessable nonce (128 bits, base64). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}
