import 'server-only';

import type http from 'node:http';

import { isJsonContentType, parseJsonBytes } from '@/lib/http/body';
import { runInRequestScope } from '@/lib/http/request-scope';
import { startRequestLog } from '@/lib/log';
import { receivedAt, type QuickAnswer } from '@/lib/security/http-server-guard';
import { isSameOrigin } from '@/lib/security/origin';

import type { PlaceOrderResult } from './checkout-result';
import { ORDER_BODY_MAX_BYTES, orderAnswer } from './order-answer';
import { holdInFlight, refuseKnownSoldOut } from './known-stock';
import { placeOrder } from './place-order';

// POST /api/orders answered by the HTTP server itself (lib/security/http-server-guard.ts), before
// Next: in a launch rush the process's one thread is the limit, and Next's routing of a request
// (its WHATWG Request, the body's stream, the Response, the after() bookkeeping) is a fair part
// of what each order costs it (docs/performance.md). An order for a product this process knows
// to be sold out or withdrawn is refused first, for one read; an order whose units the orders
// already on their way would use up waits for them to settle (./stock-in-flight.ts); every other
// one is placed here, by the same use-case the route calls (./place-order.ts), reading this
// request through lib/http/request-scope.ts. What this does not take (another origin, a body that
// is not JSON or too large) goes on to the route (app/api/orders/route.ts), which answers it in
// the same words, as it answers every order on a host that serves Next without this server's
// guard.

/**
 * The request's headers as Next's route would see them: Next adds X-Forwarded-For (the TCP peer)
 * when the client sent none.
 */
function headersOf(request: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  const peer = request.socket?.remoteAddress;
  if (!headers.has('x-forwarded-for') && peer) headers.set('x-forwarded-for', peer);
  return headers;
}

/** The quick answer of POST /api/orders: placeOrder's answer, or null for the route. */
export const orderQuickAnswer: QuickAnswer = {
  method: 'POST',
  path: '/api/orders',
  maxBodyBytes: ORDER_BODY_MAX_BYTES,
  async answer(request, body, response) {
    if (!isJsonContentType(request.headers['content-type'])) return null;
    const headers = headersOf(request);
    // The route's own origin check, on the same request as the route would build it.
    const probe = new Request(`http://${request.headers.host ?? 'localhost'}${request.url ?? ''}`, {
      method: 'POST',
      headers,
    });
    if (!isSameOrigin(probe)) return null;
    const parsed = parseJsonBytes(body);
    if (!parsed.ok) return null;
    const started = receivedAt(headers) ?? Date.now();
    return runInRequestScope(headers, async () => {
      const result =
        (await refuseKnownSoldOut(parsed.value, started)) ??
        (await holdInFlight(parsed.value, started, headers, response)) ??
        // placeOrder never throws; were it to, the route must not place the order a second time.
        (await placeOrder(parsed.value).catch((error: unknown): PlaceOrderResult => {
          startRequestLog(headers).error(error, { during: 'order-quick-answer' });
          return { ok: false, error: 'server-error' };
        }));
      const answer = orderAnswer(result);
      return { status: answer.status, headers: answer.headers, body: JSON.stringify(result) };
    });
  },
};
