import 'server-only';

import type http from 'node:http';

import { parseJsonBytes } from '@/lib/http/body';
import { receivedAt, type QuickAnswer } from '@/lib/security/http-server-guard';
import { isSameOrigin } from '@/lib/security/origin';

import { ORDER_BODY_MAX_BYTES, orderAnswer } from './order-answer';
import { holdInFlight, refuseKnownSoldOut } from './known-stock';

// POST /api/orders for a product this server process knows to be sold out or withdrawn, answered
// by the HTTP server itself (lib/security/http-server-guard.ts) before the request reaches Next:
// in a launch rush most requests are these, and each then costs the check and one read rather
// than a whole trip through the framework. Every other request goes on to the route
// (app/api/orders/route.ts), which answers the same refusal in the same words. An order whose
// units the orders already on their way would use up waits here, before the framework, for them
// to settle (./stock-in-flight.ts).

function headersOf(request: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  return headers;
}

/** The quick answer of POST /api/orders: a sold-out refusal, or null for the route. */
export const soldOutGate: QuickAnswer = {
  method: 'POST',
  path: '/api/orders',
  maxBodyBytes: ORDER_BODY_MAX_BYTES,
  async answer(request, body, response) {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return null;
    // The route's own origin check, on the same request as the route would build it.
    const probe = new Request(`http://${request.headers.host ?? 'localhost'}${request.url ?? ''}`, {
      method: 'POST',
      headers: headersOf(request),
    });
    if (!isSameOrigin(probe)) return null;
    const parsed = parseJsonBytes(body);
    if (!parsed.ok) return null;
    const started = receivedAt(probe.headers) ?? Date.now();
    const result =
      (await refuseKnownSoldOut(parsed.value, started)) ??
      (await holdInFlight(parsed.value, started, request, response));
    if (!result) return null;
    const { status, headers } = orderAnswer(result);
    return { status, headers, body: JSON.stringify(result) };
  },
};
