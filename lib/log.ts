import 'server-only';

import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';

import { requestHeaders } from '@/lib/http/request-scope';
import { runtimeEnv } from '@/lib/public-env';

/**
 * Structured server logs: one line per event. With NODE_ENV=production a line is one JSON object
 * (what Vercel, Cloud Run and Firebase App Hosting index); otherwise it is readable text.
 *
 * Only identifiers go in: uid, order id, product key, status, reason code. Fields whose names
 * suggest personal data or credentials are dropped, and e-mail addresses, CPFs and long tokens
 * are masked inside any remaining text (error messages included).
 *
 * Every string that reaches a line is escaped (escapeLogText), so text a client sent (a CSP
 * report's URLs, a payment id) can neither start a line of its own nor carry terminal escapes.
 */

export type LogLevel = 'info' | 'warn' | 'error';

/** The events the shop logs; each names what happened, past tense. */
export type LogEventName =
  | 'order.placed'
  | 'order.refused'
  /** A checkout answered 'temporarily unavailable' at its deadline; how its transaction ended. */
  | 'order.abandoned'
  /** A checkout the server was too busy to start in time: answered 'temporarily unavailable'. */
  | 'order.shed'
  | 'order.status_changed'
  /** A member paused, resumed or cancelled their club membership (lib/club/manage.ts). */
  | 'club.changed'
  /**
   * The subscription of a plan the shopper left for another could not be cancelled at Mercado
   * Pago (lib/club/join.ts); the webhook cancels it if it is authorised later.
   */
  | 'club.cancel_failed'
  /**
   * A subscription that was not the member's was authorised and then cancelled by the webhook
   * (lib/club/webhook.ts): its first month may have been charged, for the shop to refund.
   */
  | 'club.other_cancelled'
  | 'payment.preference_failed'
  /** An order paid otherwise had its open Pix cancelled (lib/orders/payment-update.ts). */
  | 'payment.pix_cancelled'
  | 'payment.pix_cancel_failed'
  /** A Pix code shown or a card payment made from an order's page (lib/orders/pay-order.ts). */
  | 'payment.started'
  | 'payment.refused'
  | 'payment.failed'
  /** An order's open payment cancelled at Mercado Pago before the order was (lib/orders/cancel-payments.ts). */
  | 'payment.cancelled_with_order'
  | 'payment.cancel_failed'
  /** A payment that reached a cancelled order was refunded (lib/orders/refunds.ts). */
  | 'payment.refunded'
  | 'payment.refund_failed'
  | 'stock.changed'
  | 'delivery.table_saved'
  | 'coupon.created'
  | 'coupon.switched'
  | 'restock.signed_up'
  | 'restock.unsubscribed'
  /** 'Avise-me': the e-mails queued when a product's stock came back. */
  | 'restock.notified'
  /** The stored delivery table fails validation: delivery is offered without fees or days. */
  | 'delivery.table_invalid'
  | 'webhook.handled'
  | 'session.created'
  | 'session.revoked'
  | 'health.failed'
  /** A browser reported a Content-Security-Policy violation (lib/security/csp-report.ts). */
  | 'csp.violated'
  /** A shared rate-limit check could not answer in time: this process's own bucket decided. */
  | 'ratelimit.degraded'
  /** The configuration is invalid (lib/env.ts names the variables); a production server stops. */
  | 'config.invalid'
  /** MAIL_DISABLED=1: this server sends no e-mail (lib/env.ts). */
  | 'mail.disabled'
  | 'mail.failed'
  /** A stored e-mail was sent (lib/mail/sender.ts). */
  | 'mail.sent'
  /** An admin queued again an e-mail the mail server had refused (the panel's outbox). */
  | 'mail.resent'
  | 'orders.expired'
  /** The panel home's e-mails to the shop (lib/dashboard/cron.ts): queued, or failed. */
  | 'dashboard.mail'
  | 'dashboard.mail_failed'
  /** The day totals were rewritten from the orders (app/api/cron/rebuild-dashboard). */
  | 'dashboard.rebuilt'
  | 'dashboard.rebuild_failed'
  | 'orders.expiry_failed'
  /** A backend step (Firestore, Auth) failed or missed its deadline; `what` names the step. */
  | 'backend.failed'
  | 'inventory.stock_missing'
  | 'catalogue.product_invalid'
  | 'catalogue.empty'
  | 'webhook.signature_refused'
  | 'after.refused'
  /** Text printed with console.* by Next.js or a library, turned into one JSON line. */
  | 'console.output'
  | 'server.error'
  /**
   * The server listens without the extra descriptors that let a busy process accept a rush of
   * connections at once (lib/http/accept-widening.ts): new connections wait longer under load.
   */
  | 'server.accept_not_widened'
  /** The CEP service (lib/address/cep-lookup.ts) did not answer usably: the shopper types. */
  | 'address.lookup_failed';

export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

// Words that, inside a field's name (camelCase or snake_case), mark personal data or secrets.
const FORBIDDEN_WORDS = new Set(
  'email mail address street cep cpf phone telefone whatsapp name password secret token cookie authorization card'.split(
    ' ',
  ),
);
// describeError's field: the error's class, not a person's name.
const ALLOWED_KEYS = new Set(['errorName']);

function isForbiddenKey(key: string): boolean {
  if (ALLOWED_KEYS.has(key)) return false;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => FORBIDDEN_WORDS.has(word));
}
const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g;
const CPF = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
// JWTs (ID tokens, session cookies) and other long opaque credentials.
const LONG_TOKEN =
  /\b[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b|\b[A-Za-z0-9_-]{64,}\b/g;

/** Masks e-mail addresses, CPFs and tokens inside free text. */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[email]').replace(LONG_TOKEN, '[token]').replace(CPF, '[cpf]');
}

// C0 controls (CR and LF among them; ESC starts terminal sequences), DEL, C1 controls (NEL is a
// line break to some log viewers, CSI a terminal escape) and the Unicode line and paragraph
// separators, which JSON.stringify leaves as they are and JavaScript tools read as line breaks.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text safe to put on a log line: every control character, including CR, LF and ESC, and U+2028
 * and U+2029 become a visible `\uXXXX`, so the text stays on its line and cannot recolour or
 * rewrite a terminal. Applied to every string field and message by this module; other modules
 * that print request-derived text must pass it through here.
 */
export function escapeLogText(text: string): string {
  return text.replace(
    UNSAFE_CHARACTERS,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function safeFields(fields: LogFields): LogFields {
  const safe: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || isForbiddenKey(key)) continue;
    safe[escapeLogText(key)] = typeof value === 'string' ? escapeLogText(scrub(value)) : value;
  }
  return safe;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

/**
 * What a log line says about an error: its name, code and scrubbed message, and its cause's code
 * and message (a Firestore or Auth failure wraps the network error that names the real reason:
 * UNAVAILABLE, ECONNREFUSED, ENOTFOUND), never its stack.
 */
export function describeError(error: unknown): LogFields {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return {
      errorName: error.name,
      errorCode: codeOf(error),
      errorMessage: scrub(error.message).slice(0, 300),
      causeCode: cause === undefined ? undefined : codeOf(cause),
      causeMessage:
        cause === undefined
          ? undefined
          : scrub(cause instanceof Error ? cause.message : String(cause)).slice(0, 300),
    };
  }
  return { errorName: typeof error, errorMessage: scrub(String(error)).slice(0, 300) };
}

function format(line: Record<string, LogValue>): string {
  if (runtimeEnv('NODE_ENV') === 'production') return JSON.stringify(line);
  const { time, level, event, ...rest } = line;
  const details = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `[${String(time).slice(11, 23)}] ${String(level).padEnd(5)} ${event} ${details}`;
}

function write(level: LogLevel, line: string): void {
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** One line outside a request (start-up, background work, a page's fallback). */
export function logEvent(
  event: LogEventName,
  fields: LogFields = {},
  level: LogLevel = 'info',
): void {
  write(level, format({ time: new Date().toISOString(), level, event, ...safeFields(fields) }));
}

/** A line for a failure outside a request's log: the event, `fields` and describeError's fields. */
export function logFailure(
  event: LogEventName,
  error: unknown,
  fields: LogFields = {},
  level: LogLevel = 'error',
): void {
  logEvent(event, { ...fields, ...describeError(error) }, level);
}

const CONSOLE_LEVELS = {
  debug: 'info',
  log: 'info',
  info: 'info',
  warn: 'warn',
  error: 'error',
} as const;
let consoleInstalled = false;

function isJsonLine(text: string): boolean {
  if (!text.startsWith('{') || text.includes('\n')) return false;
  try {
    return typeof JSON.parse(text) === 'object';
  } catch {
    return false;
  }
}

/**
 * In production, whatever else prints through console (Next.js's own error reports with their
 * stacks, a library's warning) becomes one `console.output` JSON line too, with the first error
 * argument described by describeError. Lines this module wrote pass through unchanged. Installed
 * by lib/server-start.ts at start-up.
 */
export function installJsonConsole(): void {
  if (runtimeEnv('NODE_ENV') !== 'production' || consoleInstalled) return;
  consoleInstalled = true;
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    const name = method as keyof typeof CONSOLE_LEVELS;
    const original = console[name].bind(console);
    console[name] = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === 'string' && isJsonLine(args[0])) {
        original(args[0]);
        return;
      }
      const error = args.find((argument) => argument instanceof Error);
      const message = args
        .filter((argument) => argument !== error)
        .map((argument) => (typeof argument === 'string' ? argument : inspect(argument)))
        .join(' ')
        // Terminal colours (Next's prefixes) carry no meaning in a log store.
        .replace(/\u001b\[[0-9;]*m/g, '')
        .slice(0, 2000);
      const line = { time: new Date().toISOString(), level, event: 'console.output' };
      original(
        JSON.stringify({
          ...line,
          ...safeFields({ message, ...(error === undefined ? {} : describeError(error)) }),
        }),
      );
    };
  }
}

/** One request's (or server action's) log: a request id and the time it started. */
export type RequestLog = {
  readonly requestId: string;
  /** Writes one line: time, level, event, request id, milliseconds since the start, fields. */
  event(event: LogEventName, fields?: LogFields, level?: LogLevel): void;
  /** A `server.error` line for an unexpected failure. */
  error(error: unknown, fields?: LogFields): void;
};

// Request ids set by the hosts in front of the app (Vercel, Google's front end), else by a proxy.
const REQUEST_ID_HEADERS = ['x-request-id', 'x-vercel-id', 'x-cloud-trace-context'];

/** The request id a host or proxy gave this request, if any (first 100 safe characters). */
export function requestIdFrom(headers: Pick<Headers, 'get'> | null | undefined): string | null {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers
      ?.get(name)
      ?.replace(/[^A-Za-z0-9._:/-]/g, '')
      .slice(0, 100);
    if (value) return value;
  }
  return null;
}

/**
 * Starts a request's log. `headers` (a Request's, or `await requestHeaders()` in a server action)
 * supplies the host's request id; without one a random id is made.
 */
export function startRequestLog(headers?: Pick<Headers, 'get'> | null): RequestLog {
  const requestId = requestIdFrom(headers) ?? randomUUID();
  const started = performance.now();
  const log: RequestLog = {
    requestId,
    event(event, fields = {}, level = 'info') {
      const line = {
        time: new Date().toISOString(),
        level,
        event,
        requestId,
        durationMs: Math.round(performance.now() - started),
        ...safeFields(fields),
      };
      write(level, format(line));
    },
    error(error, fields = {}) {
      log.event('server.error', { ...fields, ...describeError(error) }, 'error');
    },
  };
  return log;
}

/**
 * startRequestLog for a Server Action or server component: takes the request id from the
 * incoming request's headers when there is a request (not in scripts and unit tests).
 */
export async function startActionLog(): Promise<RequestLog> {
  let incoming: Pick<Headers, 'get'> | null = null;
  try {
    incoming = await requestHeaders();
  } catch {
    // Outside a request: a fresh id.
  }
  return startRequestLog(incoming);
}
