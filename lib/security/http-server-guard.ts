import http from 'node:http';

import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';

import { BUILT_FOR_HTTPS } from '@/lib/public-env';

import { baselineSecurityHeaders } from './baseline-headers';
import { SOCKET_ADDRESS_HEADER } from './client-address';
import { MAX_ACTION_BODY_BYTES } from './request-guard';

// Requests Next fails on before any app code (the proxy included) can look at them, answered at
// the HTTP server instead of becoming a 500 and an error log line each:
// - TRACE (and TRACK, CONNECT): Next builds a WHATWG Request for every call it routes, and that
//   constructor throws on them.
// - a malformed Next-Router-State-Tree: Next strips this header from what the proxy sees, then
//   throws while parsing it for the page.
// And a Server Action reaches Next only once its whole body has arrived (holdActionBody): Next
// reads an action's body while it runs the proxy or the action, and a client that disconnected
// mid-body made that read fail as a server error (an `Error: aborted` stack per request; on
// the proxy's path the proxy also waited forever on a body that never ended).
const METHODS_NEXT_CANNOT_REPRESENT = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** Sent as Allow with the 405: what pages and route handlers answer at most. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

const PATCHED = Symbol.for('chocolate-shop.httpServerGuard');

let baseline: Record<string, string> | undefined;

/**
 * The headers every response carries (./baseline-headers.ts), as Next adds them to its own, with
 * Strict-Transport-Security decided as Next's were: when the server was built.
 */
function baselineHeaders(): Record<string, string> {
  baseline ??= Object.fromEntries(
    baselineSecurityHeaders(BUILT_FOR_HTTPS).map(({ key, value }) => [key, value]),
  );
  return baseline;
}

function refuse(response: http.ServerResponse, status: 400 | 405 | 413, code: string): void {
  response.writeHead(status, {
    ...baselineHeaders(),
    ...(status === 405 ? { Allow: ALLOWED_METHODS } : {}),
    'Content-Type': 'text/plain',
    'Cache-Control': 'no-store',
  });
  response.end(`${status} ${code}\n`);
}

/**
 * Whether a `Next-Router-State-Tree` header value would pass Next's own parse: Next's parser
 * itself, so a Next upgrade that changes what it accepts changes this too, and one that moves it
 * fails this import at build time and in router-state.test.ts rather than silently.
 */
export function isValidRouterStateHeader(header: string): boolean {
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
}

/** The refusal for a raw request, or null to hand it to Next. */
export function refuseRawRequest(
  request: Pick<http.IncomingMessage, 'method' | 'headers'>,
): { status: 400 | 405; code: string } | null {
  if (METHODS_NEXT_CANNOT_REPRESENT.has(request.method ?? '')) {
    return { status: 405, code: 'method-not-allowed' };
  }
  const routerState = request.headers['next-router-state-tree'];
  if (routerState !== undefined) {
    // Two copies of the header are refused by Next too.
    if (Array.isArray(routerState) || !isValidRouterStateHeader(routerState)) {
      return { status: 400, code: 'malformed-router-state' };
    }
  }
  return null;
}

/**
 * Whether Next may run this request as a Server Action (next/dist/server/lib/
 * server-action-request-meta: a POST with a Next-Action header, or a form POST), so that its body
 * is held here until complete. Route handlers under /api/ run no actions and read their own
 * bodies; a Next-Action header is held wherever it is sent.
 */
export function holdsActionBody(
  request: Pick<http.IncomingMessage, 'method' | 'headers' | 'url'>,
): boolean {
  if (request.method !== 'POST') return false;
  if (request.headers['next-action'] !== undefined) return true;
  if ((request.url ?? '').startsWith('/api/')) return false;
  const type = request.headers['content-type'] ?? '';
  return (
    type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')
  );
}

/** A request like `request` whose body is `body`, already complete. */
function withBody(request: http.IncomingMessage, body: Buffer): http.IncomingMessage {
  const complete = new http.IncomingMessage(request.socket);
  complete.method = request.method;
  complete.url = request.url;
  complete.headers = request.headers;
  complete.rawHeaders = request.rawHeaders;
  complete.trailers = request.trailers;
  complete.rawTrailers = request.rawTrailers;
  complete.httpVersion = request.httpVersion;
  complete.httpVersionMajor = request.httpVersionMajor;
  complete.httpVersionMinor = request.httpVersionMinor;
  complete.complete = true;
  complete.push(body);
  complete.push(null);
  return complete;
}

/**
 * Reads a Server Action's body (at most MAX_ACTION_BODY_BYTES, else 413) and calls `handOn` with
 * a request carrying it once the client has sent all of it. A client that disconnects first is
 * owed no answer: its request ends here, and Next never sees it.
 */
function holdActionBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  handOn: (complete: http.IncomingMessage) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const declared = Number(request.headers['content-length']);
  const tooLarge = () => {
    request.removeListener('data', onData);
    request.removeListener('end', onEnd);
    chunks.length = 0;
    refuse(response, 413, 'body-too-large');
    request.resume();
  };
  const onData = (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > MAX_ACTION_BODY_BYTES) tooLarge();
    else chunks.push(chunk);
  };
  const onEnd = () => handOn(withBody(request, Buffer.concat(chunks, size)));
  // The reset of a client that went away mid-body: nobody is left to answer.
  request.on('error', () => undefined);
  request.once('close', () => {
    if (!request.complete) chunks.length = 0;
  });
  if (Number.isFinite(declared) && declared > MAX_ACTION_BODY_BYTES) {
    tooLarge();
    return;
  }
  request.on('data', onData);
  request.once('end', onEnd);
}

/**
 * Replaces any client-sent copy of the private socket-address header with the TCP peer's
 * address, where the raw request arrives (./client-address.ts reads it), and of the arrival
 * header with the time it arrived (receivedAt).
 */
export function stampSocketAddress(request: http.IncomingMessage): void {
  // Every x-shop-* header is the server's own note to the app: never the client's.
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith(PRIVATE_HEADER_PREFIX)) delete request.headers[name];
  }
  const address = request.socket?.remoteAddress;
  if (address) request.headers[SOCKET_ADDRESS_HEADER] = address;
  request.headers[ARRIVAL_HEADER] = String(Date.now());
}

/** The prefix of the headers only the server sets (stampSocketAddress drops clients' copies). */
export const PRIVATE_HEADER_PREFIX = 'x-shop-';

/** The private header holding when the server received a request (epoch ms). */
export const ARRIVAL_HEADER = 'x-shop-received-at';

/**
 * When the server received the request with `headers` (stamped by the guard; a busy server may
 * hold a request a while before the app sees it), or null where nothing stamped it (tests that
 * call a handler directly). Never later than now.
 */
export function receivedAt(headers: Pick<Headers, 'get'>, now = Date.now()): number | null {
  const stamped = Number(headers.get(ARRIVAL_HEADER));
  // A copy a client slipped past a host without the guard could only shorten its own deadline;
  // anything older than a request can wait is not believed.
  if (!Number.isFinite(stamped) || stamped <= now - MAX_WAIT_BELIEVED_MS) return null;
  return Math.min(stamped, now);
}

const MAX_WAIT_BELIEVED_MS = 10_000;

/**
 * An answer the server gives itself, without the app's routing, to some requests of one route:
 * the requests of a rush, where the routing's own cost counts (orders, lib/orders/
 * order-quick-answer.ts). `answer` gets the request and its whole body and returns the response,
 * or null to hand the request (with that body) to the app as usual; it must answer exactly as the
 * route would, and gets the headers every answer carries (./baseline-headers.ts).
 */
export type QuickAnswer = {
  method: string;
  /** The route's path, without a query. */
  path: string;
  /** Requests declaring a larger body (or none) go to the app unread. */
  maxBodyBytes: number;
  answer: (
    request: http.IncomingMessage,
    body: Buffer,
    /** The response, to follow (its 'close') a request handed on; `answer` never writes it. */
    response: http.ServerResponse,
  ) => Promise<{ status: number; headers: Record<string, string>; body: string } | null>;
};

// One list per process, shared by every bundle (lib/server-start.ts adds to it).
const quickAnswers = ((globalThis as { __shopQuickAnswers?: QuickAnswer[] }).__shopQuickAnswers ??=
  []);

/** Adds (or, for the same method and path, replaces) a quick answer. */
export function addQuickAnswer(quick: QuickAnswer): void {
  const index = quickAnswers.findIndex(
    (other) => other.method === quick.method && other.path === quick.path,
  );
  if (index >= 0) quickAnswers.splice(index, 1, quick);
  else quickAnswers.push(quick);
}

/** The quick answer for `request`, when its body is small enough to read here. */
function quickAnswerFor(request: http.IncomingMessage): QuickAnswer | undefined {
  const path = (request.url ?? '').split('?')[0];
  const declared = Number(request.headers['content-length']);
  return quickAnswers.find(
    (quick) =>
      quick.method === request.method &&
      quick.path === path &&
      Number.isInteger(declared) &&
      declared <= quick.maxBodyBytes,
  );
}

/**
 * Reads the body (its declared length, checked above) and runs `quick`; answers with what it
 * returns, or hands the request, its body complete, to `handOn`. A failure hands it on too: the
 * app then answers as it always does.
 */
function runQuickAnswer(
  quick: QuickAnswer,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  handOn: (complete: http.IncomingMessage) => void,
): void {
  const chunks: Buffer[] = [];
  request.on('error', () => undefined);
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.once('end', () => {
    const body = Buffer.concat(chunks);
    const complete = withBody(request, body);
    quick.answer(complete, body, response).then(
      (answer) => {
        if (!answer) {
          handOn(complete);
          return;
        }
        response.writeHead(answer.status, {
          ...baselineHeaders(),
          ...answer.headers,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(answer.body)),
        });
        response.end(answer.body);
      },
      () => handOn(complete),
    );
  });
}

/**
 * Makes every HTTP server of this process refuse those requests before its request listener
 * runs, stamp the socket's peer on every request, hand it Server Actions only with their whole
 * body, and give the quick answers (addQuickAnswer). Idempotent; called from lib/server-start.ts
 * at start-up.
 */
export function installHttpServerGuard(): void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      const refusal = refuseRawRequest(request);
      if (refusal) {
        refuse(response, refusal.status, refusal.code);
        return true;
      }
      stampSocketAddress(request);
      const quick = quickAnswerFor(request);
      if (quick) {
        runQuickAnswer(quick, request, response, (complete) => {
          (emit as (...all: unknown[]) => boolean).apply(this, [event, complete, response]);
        });
        return true;
      }
      if (holdsActionBody(request)) {
        holdActionBody(request, response, (complete) => {
          (emit as (...all: unknown[]) => boolean).apply(this, [event, complete, response]);
        });
        return true;
      }
    }
    return (emit as (...all: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}
