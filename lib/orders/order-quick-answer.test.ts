// The server's own answer to POST /api/orders (./order-quick-answer.ts), on requests as the HTTP
// server hands them over: what it leaves to the route, and that placeOrder runs in the request's
// scope and is answered as the route answers it. The use-case and the stock steps are stood in.
import { EventEmitter } from 'node:events';
import type http from 'node:http';

import { requestHeaders } from '@/lib/http/request-scope';

import type { PlaceOrderResult } from './checkout-result';
import { holdInFlight, refuseKnownSoldOut } from './known-stock';
import { orderQuickAnswer } from './order-quick-answer';
import { placeOrder } from './place-order';
import { IN_FLIGHT_HEADER } from './stock-in-flight';

jest.mock('./place-order', () => ({ placeOrder: jest.fn() }));
jest.mock('./known-stock', () => ({ refuseKnownSoldOut: jest.fn(), holdInFlight: jest.fn() }));

const mockPlaceOrder = jest.mocked(placeOrder);
const mockRefuseKnownSoldOut = jest.mocked(refuseKnownSoldOut);
const mockHoldInFlight = jest.mocked(holdInFlight);

function incoming(headers: Record<string, string>): http.IncomingMessage {
  return {
    method: 'POST',
    url: '/api/orders',
    headers: { host: 'shop.test', ...headers },
    socket: { remoteAddress: '203.0.113.7' },
  } as unknown as http.IncomingMessage;
}

const sameOrigin = { 'content-type': 'application/json', origin: 'http://shop.test' };
const body = Buffer.from(JSON.stringify({ orderId: 'o-1' }));
const response = new EventEmitter() as unknown as http.ServerResponse;

beforeEach(() => {
  jest.clearAllMocks();
  mockRefuseKnownSoldOut.mockResolvedValue(null);
  mockHoldInFlight.mockResolvedValue(null);
});

it('leaves to the route what the route refuses: another origin, no JSON, a broken body', async () => {
  const cases = [
    incoming({ ...sameOrigin, origin: 'https://evil.example' }),
    incoming({ origin: 'http://shop.test', 'content-type': 'text/plain' }),
    incoming({ 'content-type': 'application/json' }),
  ];
  for (const request of cases) {
    expect(await orderQuickAnswer.answer(request, body, response)).toBeNull();
  }
  expect(
    await orderQuickAnswer.answer(incoming(sameOrigin), Buffer.from('{oops'), response),
  ).toBeNull();
  expect(mockPlaceOrder).not.toHaveBeenCalled();
});

it("answers placeOrder's result as the route does, placeOrder reading this request", async () => {
  let seen: (string | null)[] = [];
  mockPlaceOrder.mockImplementation(async () => {
    const headers = await requestHeaders();
    seen = ['cookie', 'x-forwarded-for', IN_FLIGHT_HEADER].map((name) => headers.get(name));
    return { ok: false, error: 'rate-limited', retryAfterSeconds: 42 };
  });
  const answer = await orderQuickAnswer.answer(
    incoming({ ...sameOrigin, cookie: '__session=abc' }),
    body,
    response,
  );
  expect(mockPlaceOrder).toHaveBeenCalledWith({ orderId: 'o-1' });
  // Next's route would see the TCP peer in X-Forwarded-For when the client sent none.
  expect(seen).toEqual(['__session=abc', '203.0.113.7', null]);
  expect(answer).toEqual({
    status: 429,
    headers: { 'Cache-Control': 'no-store, no-transform', 'Retry-After': '42' },
    body: JSON.stringify({ ok: false, error: 'rate-limited', retryAfterSeconds: 42 }),
  });
});

it('tells placeOrder an order it already counted in flight', async () => {
  mockHoldInFlight.mockImplementation(async (_input, _started, headers) => {
    headers.set(IN_FLIGHT_HEADER, '1');
    return null;
  });
  let marked: string | null = null;
  mockPlaceOrder.mockImplementation(async () => {
    marked = (await requestHeaders()).get(IN_FLIGHT_HEADER);
    return { ok: false, error: 'unauthenticated' };
  });
  const answer = await orderQuickAnswer.answer(incoming(sameOrigin), body, response);
  expect(marked).toBe('1');
  expect(answer?.status).toBe(401);
});

it('refuses a product known sold out without placeOrder', async () => {
  const soldOut: PlaceOrderResult = { ok: false, error: 'out-of-stock', details: [] };
  mockRefuseKnownSoldOut.mockResolvedValue(soldOut);
  const answer = await orderQuickAnswer.answer(incoming(sameOrigin), body, response);
  expect(answer).toMatchObject({ status: 409, body: JSON.stringify(soldOut) });
  expect(mockPlaceOrder).not.toHaveBeenCalled();
});

it('answers 500 itself when placeOrder fails, rather than letting the route place it again', async () => {
  mockPlaceOrder.mockRejectedValue(new Error('a bug'));
  const answer = await orderQuickAnswer.answer(incoming(sameOrigin), body, response);
  expect(answer).toMatchObject({
    status: 500,
    body: JSON.stringify({ ok: false, error: 'server-error' }),
  });
});
