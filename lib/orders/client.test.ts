// The browser side of POST /api/orders: what it sends, and how each answer becomes the result
// the checkout form explains.
import { ORDERS_URL, submitOrder } from './client';

const INPUT = {
  orderId: 'ABCDEF123456',
  lines: [{ key: 'mini-ovo', quantity: 1 }],
  shippingOption: 'Retirada' as const,
  telephone: '(11) 91234-5678',
  locale: 'pt-BR' as const,
};

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => fetchMock.mockReset());

function answer(status: number, body: BodyInit | null, headers: Record<string, string> = {}) {
  fetchMock.mockResolvedValue(new Response(body, { status, headers }));
}

const json = (value: unknown) => JSON.stringify(value);

describe('submitOrder', () => {
  it('POSTs the checkout input as JSON to the same origin', async () => {
    answer(200, json({ ok: true, orderId: INPUT.orderId, payment: { mode: 'manual' } }));
    expect(await submitOrder(INPUT)).toEqual({
      ok: true,
      orderId: INPUT.orderId,
      payment: { mode: 'manual' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(ORDERS_URL);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(INPUT);
  });

  it("passes the route's refusals through", async () => {
    const outOfStock = {
      ok: false,
      error: 'out-of-stock',
      details: [{ key: 'mini-ovo', title: 'Mini Ovo', available: 0 }],
    };
    answer(409, json(outOfStock));
    expect(await submitOrder(INPUT)).toEqual(outOfStock);
    answer(503, json({ ok: false, error: 'temporarily-unavailable' }), { 'Retry-After': '5' });
    expect(await submitOrder(INPUT)).toEqual({ ok: false, error: 'temporarily-unavailable' });
  });

  it("takes a 429's wait from its Retry-After header", async () => {
    answer(429, json({ ok: false, error: 'rate-limited', retryAfterSeconds: 99 }), {
      'Retry-After': '7',
    });
    expect(await submitOrder(INPUT)).toEqual({
      ok: false,
      error: 'rate-limited',
      retryAfterSeconds: 7,
    });
  });

  it('understands answers that are not the route’s own by their status', async () => {
    // A host's rate limiter in front of the server, with and without a usable Retry-After.
    answer(429, 'Too Many Requests', { 'Retry-After': '30' });
    expect(await submitOrder(INPUT)).toEqual({
      ok: false,
      error: 'rate-limited',
      retryAfterSeconds: 30,
    });
    answer(429, '<html>slow down</html>', { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' });
    expect(await submitOrder(INPUT)).toMatchObject({
      error: 'rate-limited',
      retryAfterSeconds: 60,
    });
    // A proxy's error pages, and a body that only looks like an answer.
    // A gateway's page cannot say whether the order was saved before it gave up.
    answer(502, '<html>Bad Gateway</html>');
    expect(await submitOrder(INPUT)).toEqual({ ok: false, error: 'outcome-unknown' });
    answer(401, null);
    expect(await submitOrder(INPUT)).toEqual({ ok: false, error: 'unauthenticated' });
    answer(500, json({ ok: false, error: 'price-accepted' }));
    expect(await submitOrder(INPUT)).toEqual({ ok: false, error: 'server-error' });
    answer(200, json({ ok: true }));
    expect(await submitOrder(INPUT)).toEqual({ ok: false, error: 'server-error' });
  });

  it('throws when the request itself fails, so the form can say so', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(submitOrder(INPUT)).rejects.toThrow('Failed to fetch');
  });
});
