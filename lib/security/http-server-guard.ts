import http from 'node:http';

import { SOCKET_ADDRESS_HEADER } from './client-address';
import { isValidRouterStateHeader } from './request-guard';

// Requests Next fails on before any app code (the proxy included) can look at them, answered at
// the HTTP server instead of becoming a 500 and an error log line each:
// - TRACE (and TRACK, CONNECT): Next builds a WHATWG Request for every call it routes, and that
//   constructor throws on them.
// - a malformed Next-Router-State-Tree: Next strips this header from what the proxy sees, then
//   throws while parsing it for the page.
const METHODS_NEXT_CANNOT_REPRESENT = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** Sent as Allow with the 405: what pages and route handlers answer at most. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

const PATCHED = Symbol.for('chocolate-shop.httpServerGuard');

function refuse(response: http.ServerResponse, status: 400 | 405, code: string): void {
  response.writeHead(status, {
    ...(status === 405 ? { Allow: ALLOWED_METHODS } : {}),
    'Content-Type': 'text/plain',
    'Cache-Control': 'no-store',
  });
  response.end(`${status} ${code}\n`);
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
 * Replaces any client-sent copy of the private socket-address header with the TCP peer's
 * address, where the raw request arrives (./client-address.ts reads it).
 */
export function stampSocketAddress(request: http.IncomingMessage): void {
  delete request.headers[SOCKET_ADDRESS_HEADER];
  const address = request.socket?.remoteAddress;
  if (address) request.headers[SOCKET_ADDRESS_HEADER] = address;
}

/**
 * Makes every HTTP server of this process refuse those requests before its request listener
 * runs, and stamp the socket's peer on the others. Idempotent; called from instrumentation.ts
 * register().
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
    }
    return (emit as (...all: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}
