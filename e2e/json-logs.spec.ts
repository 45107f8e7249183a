// What the production server prints, read from its own stdout and stderr on a shop of this spec's
// own (e2e/fixtures/private-shop.ts): pages and API routes while the local Firebase runs, then the
// API routes again with it stopped (both ports closed). Every line must be one JSON object
// (lib/log.ts; Next's and libraries' console output through installJsonConsole), every API route
// must answer within 5 s during the outage, the cron route included, and the log must name the
// cause of the failures.
// No exception: Next's own start-up banner ('▲ Next.js …', '✓ Ready in …') is JSON too, since
// server.js runs instrumentation.ts before Next starts (scripts/build.mjs).
import { startPrivateShop, type PrivateShop } from './fixtures/private-shop';
import { expect, test } from './fixtures/test';
import { listening } from '../test/local-firebase-env';

const CRON_SECRET = 'json-logs-cron-secret-0123456789';
const MAX_ANSWER_MS = 5000;

type Call = { name: string; method?: 'GET' | 'POST'; path: string; body?: string; auth?: boolean };

const CALLS: Call[] = [
  { name: 'health', path: '/api/health' },
  { name: 'catalogue', path: '/api/catalogue/live' },
  { name: 'cart stock', path: `/api/cart/stock?keys=barra-tropical-parana,mini-ovo` },
  { name: 'session', path: '/api/session' },
  { name: 'auth config', path: '/api/auth/config' },
  { name: 'order changes', path: '/api/orders/changes' },
  { name: 'panel changes', path: '/api/orders/panel-changes' },
  { name: 'cron', path: '/api/cron/expire-orders', auth: true },
  { name: 'cron, no secret', path: '/api/cron/expire-orders' },
  { name: 'order', method: 'POST', path: '/api/orders', body: '{}' },
  {
    name: 'webhook',
    method: 'POST',
    path: '/api/mercadopago/webhook?data.id=1&type=payment',
    body: '{"type":"payment","data":{"id":"1"}}',
  },
];

let shop: PrivateShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startPrivateShop({ env: { CRON_SECRET } });
});

test.afterAll(async () => {
  await shop?.close();
});

async function callAll(label: string): Promise<Record<string, { status: number; ms: number }>> {
  const results: Record<string, { status: number; ms: number }> = {};
  await Promise.all(
    CALLS.map(async ({ name, method = 'GET', path, body, auth }) => {
      const started = Date.now();
      const response = await fetch(`${shop.url}${path}`, {
        method,
        body,
        headers: {
          ...(auth ? { authorization: `Bearer ${CRON_SECRET}` } : {}),
          ...(body ? { 'content-type': 'application/json', origin: shop.url } : {}),
        },
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      await response?.arrayBuffer();
      // 0: no answer within 15 s.
      results[name] = { status: response?.status ?? 0, ms: Date.now() - started };
    }),
  );
  console.log(`${label}: ${JSON.stringify(results)}`);
  return results;
}

/** The server's lines, each parsed; a line that is not JSON fails the test. */
function parsedLines(): Record<string, unknown>[] {
  const lines = shop.output().split('\n');
  return lines.flatMap((line, index) => {
    // The text after the last line break: empty, or a line still being written.
    if (index === lines.length - 1) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(`not a JSON line: ${JSON.stringify(line)}`);
    }
    expect(parsed, line).toEqual(expect.objectContaining({ time: expect.any(String) }));
    return [parsed as Record<string, unknown>];
  });
}

test('every line the production server prints is one JSON object, during an outage too; every API route answers within 5 s without Firebase, the cron route included', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expect(parsedLines().some((line) => /Ready in/.test(String(line.message)))).toBe(true);
  for (const pathname of ['/en', '/pt-BR', '/en/chocolates', '/en/usuario', '/en/nowhere']) {
    await page.goto(`${shop.url}${pathname}`);
  }
  const up = await callAll('Firebase running');
  expect(up.health!.status).toBe(200);
  expect(up.cron!.status).toBe(200);
  expect(up['cron, no secret']!.status).toBe(401);

  const { ports } = shop.stack();
  await shop.stopFirebase();
  expect(await listening(ports.firestore)).toBe(false);
  const before = parsedLines().length;

  const down = await callAll('Firebase stopped');
  for (const [name, { status, ms }] of Object.entries(down)) {
    expect(ms, `${name} answered in ${ms} ms`).toBeLessThan(MAX_ANSWER_MS);
    expect(status, name).not.toBe(500);
  }
  expect(down.health!.status).toBe(503);
  expect(down.cron!.status).toBe(503);
  for (const pathname of ['/en/usuario', '/en/checkout']) await page.goto(`${shop.url}${pathname}`);

  // The cron run's own failure arrives when Firestore's client gives up; it names the cause.
  const failures = () =>
    parsedLines()
      .slice(before)
      .filter((line) => line.level === 'error' || line.level === 'warn');
  await expect
    .poll(
      () =>
        failures().some(
          (line) =>
            line.event === 'orders.expiry_failed' &&
            line.afterDeadline === true &&
            /UNAVAILABLE|ECONNREFUSED|\b14\b/.test(`${line.errorCode} ${line.errorMessage}`),
        ),
      { timeout: 90_000, message: 'the cron failure names its cause' },
    )
    .toBe(true);
  const events = failures().map((line) => `${line.event}:${line.what ?? ''}`);
  console.log(`outage lines: ${[...new Set(events)].join(', ')}`);
  expect(events).toContain('orders.expiry_failed:');
  // Nothing was printed as text: parsedLines() threw otherwise.
  expect(parsedLines().length).toBeGreaterThan(before);
});
