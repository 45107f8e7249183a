// The bench's shoppers, each as a browser would be: an account signed up on the Auth emulator, a
// session made through POST /api/session, its own client address (the entry the trusted proxy
// appends to X-Forwarded-For), and its order sent as the checkout form sends it.
import { performance } from 'node:perf_hooks';

/** The client address of shopper `index`: one of its own, as each shopper's phone has. */
export function shopperAddress(index) {
  return `10.${20 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
}

/**
 * Signs shopper `index` up and opens a session on `instance`; resolves with the shopper. A
 * backend that is busy (503: the local Auth emulator saving its accounts after every sign-up) is
 * asked again, as the sign-in form would after its message.
 */
export async function signUpShopper(options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signUpOnce(options);
    } catch (error) {
      // 401 invalid-token: the emulator refused a token it had just made (restarting under load).
      if (attempt >= 6 || !/\b(503|401)\b/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

async function signUpOnce({ authHost, instance, index, run }) {
  const address = shopperAddress(index);
  const signUp = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${run}-${index}-${Date.now()}@chocolates.local`,
        password: 'bench-password-123',
        returnSecureToken: true,
      }),
    },
  );
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const { idToken } = await signUp.json();
  const session = await fetch(`${instance.base}/api/session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: instance.base,
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ idToken }),
  });
  if (!session.ok) throw new Error(`session failed: ${session.status} ${await session.text()}`);
  const cookie = session.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { index, address, cookie };
}

/** Runs `make(i)` for i < count, `size` at a time. */
export async function inBatches(count, size, make) {
  const results = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/** The days the checkout offers for a pick-up of `product` (GET /api/delivery/quote), open ones. */
export async function openPickupDays(instance, product, address) {
  const response = await fetch(
    `${instance.base}/api/delivery/quote?shipping=Retirada&lines=${product}:1`,
    { headers: { 'x-forwarded-for': address } },
  );
  if (!response.ok) throw new Error(`quote failed: ${response.status} ${await response.text()}`);
  const quote = await response.json();
  return quote.configured ? quote.days.filter((day) => !day.full).map((day) => day.day) : [];
}

/**
 * POST /api/orders of one unit of `product` by `shopper` on `instance`, picked up on `day`
 * (omitted when null, as when the checkout has no table). Resolves with the answer's status,
 * outcome and time; a request that gets no answer within `timeoutMs` counts as 'no-answer'.
 */
export async function placeOrder({ instance, shopper, orderId, product, day, timeoutMs }) {
  const started = performance.now();
  let status = 0;
  let body = null;
  let retryAfter = null;
  try {
    const response = await fetch(`${instance.base}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: instance.base,
        cookie: shopper.cookie,
        'x-forwarded-for': shopper.address,
      },
      body: JSON.stringify({
        orderId,
        lines: [{ key: product, quantity: 1 }],
        shippingOption: 'Retirada',
        telephone: '(11) 91234-5678',
        locale: 'pt-BR',
        ...(day ? { deliveryDate: day } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    body = await response.json().catch(() => null);
  } catch {
    status = 0;
  }
  const ms = performance.now() - started;
  const outcome =
    status === 0 ? 'no-answer' : body?.ok === true ? 'placed' : (body?.error ?? `http-${status}`);
  return { orderId, ms, status, outcome, retryAfter, instance: instance.name };
}
