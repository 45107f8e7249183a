// `npm run bench:race`: the checkout race through the real server. N shoppers (10, 50, 200)
// place one order each, all at once, for the same product, with stock 10 and with stock 1,000,
// against the standalone server on a fresh local Firebase. Prints, per run, p50/p95 latency of
// POST /api/orders (what the checkout form calls), throughput, outcomes, transaction retries (from the server's
// `order.placed` / `order.refused` log lines, when they carry `attempts`) and whether stock and
// orders still agree. Loopback only; at most 520 orders. Run `npm run build` first.
//
// Env: BENCH_PORT (3950; the emulators take the next four ports), BENCH_LEVELS ("10,50,200"),
// BENCH_STOCKS ("10,1000").
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

import { STANDALONE_SERVER } from './build.mjs';

const require = createRequire(import.meta.url);
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const BASE = `http://127.0.0.1:${PORT}`;
const AUTH_PORT = PORT + 1;
const FIRESTORE_PORT = PORT + 2;
const LEVELS = (process.env.BENCH_LEVELS ?? '10,50,200').split(',').map(Number);
const STOCKS = (process.env.BENCH_STOCKS ?? '10,1000').split(',').map(Number);
const PRODUCT = 'barra-tropical-bahia';
const SHOP = 'projects/chocolate-shop';
const DATA_DIR = `.local-firebase-e2e/bench-race-${PORT}`;
const MAX_SHOPPERS = 200;

if (!existsSync(STANDALONE_SERVER)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
if (LEVELS.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_SHOPPERS)) {
  console.error(`BENCH_LEVELS must be whole numbers from 1 to ${MAX_SHOPPERS}`);
  process.exit(1);
}

// The server's JSON log lines (NODE_ENV=production), parsed as they arrive.
const logEvents = [];
let serverOutput = '';
const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  env: {
    ...process.env,
    E2E_PORT: String(PORT),
    E2E_DATA_DIR: DATA_DIR,
    E2E_AUTH_PORT: String(AUTH_PORT),
    E2E_FIRESTORE_PORT: String(FIRESTORE_PORT),
    E2E_HUB_PORT: String(PORT + 3),
    E2E_LOGGING_PORT: String(PORT + 4),
    // Every simulated shopper orders from 127.0.0.1, up to six times a minute: the order limits
    // (lib/rate-limit) x100, as for the Playwright server, so that they are not what is measured.
    RATE_LIMIT_MULTIPLIER: '100',
    // A shop without a delivery table: the race is for stock, not for a day's places.
    LOCAL_FIREBASE_SEED_DELIVERY: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  let pending = '';
  stream.on('data', (chunk) => {
    serverOutput = (serverOutput + chunk).slice(-20_000);
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        logEvents.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    }
  });
}

async function waitForServer() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/en`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start within 90 s:\n${serverOutput}`);
}

/** Signs up a shopper on the Auth emulator and opens a session as the browser does. */
async function shopperSession(index) {
  const signUp = await fetch(
    `http://127.0.0.1:${AUTH_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${index}@chocolates.local`,
        password: 'bench-password-123',
        returnSecureToken: true,
      }),
    },
  );
  if (!signUp.ok) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const { idToken } = await signUp.json();
  const session = await fetch(`${BASE}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ idToken }),
  });
  if (!session.ok) throw new Error(`session failed: ${session.status} ${await session.text()}`);
  return session.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function inBatches(count, size, make) {
  const results = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

let orderSequence = 0;
async function placeOrder(cookie) {
  orderSequence += 1;
  const orderID = `BENCH${String(orderSequence).padStart(7, '0')}`;
  const started = performance.now();
  const response = await fetch(`${BASE}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, cookie },
    body: JSON.stringify({
      orderID,
      lines: [{ key: PRODUCT, quantity: 1 }],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      locale: 'pt-BR',
    }),
  });
  const body = await response.json().catch(() => null);
  const ms = performance.now() - started;
  const outcome = body?.ok === true ? 'placed' : (body?.error ?? `http-${response.status}`);
  return { orderID, ms, outcome };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  await waitForServer();
  // firebase-admin in this process, on the server's emulators, to set and read stock.
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${FIRESTORE_PORT}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_PORT}`,
    METADATA_SERVER_DETECTION: 'none',
  });
  const { initializeApp, deleteApp } = require('firebase-admin/app');
  const { getFirestore } = require('firebase-admin/firestore');
  const app = initializeApp({ projectId: 'demo-chocolate-shop' }, 'bench-race');
  const db = getFirestore(app);
  const inventory = db.doc(`${SHOP}/inventory/${PRODUCT}`);

  const shoppers = Math.max(...LEVELS);
  const setupStarted = performance.now();
  const cookies = await inBatches(shoppers + 1, 10, shopperSession);
  // One order first, so that no run pays for loading the checkout's code.
  const warmUp = cookies.pop();
  await inventory.set({ stock: 1000, availableForSale: true }, { merge: true });
  await placeOrder(warmUp);
  console.log(
    `${shoppers} shoppers signed in in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const rows = [];
  for (const stock of STOCKS) {
    for (const level of LEVELS) {
      await inventory.set({ stock, availableForSale: true }, { merge: true });
      const eventsBefore = logEvents.length;
      const started = performance.now();
      const results = await Promise.all(
        cookies.slice(0, level).map((cookie) => placeOrder(cookie)),
      );
      const seconds = (performance.now() - started) / 1000;
      // Give the last log lines a moment to arrive through the pipe.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const timings = results.map((r) => r.ms).sort((a, b) => a - b);
      const count = (outcome) => results.filter((r) => r.outcome === outcome).length;
      const placed = count('placed');
      const refused = count('out-of-stock');
      // 503: still queued for the document when the order's answer deadline (about 4.5 s,
      // lib/orders/place-order.ts) passed; nothing was written for them.
      const unavailable = count('temporarily-unavailable');
      const other = level - placed - refused - unavailable;
      const left = (await inventory.get()).get('stock');
      const placedIds = results.filter((r) => r.outcome === 'placed').map((r) => r.orderID);
      const written = placedIds.length
        ? (await db.getAll(...placedIds.map((id) => db.doc(`${SHOP}/orders/${id}`)))).filter(
            (s) => s.exists,
          ).length
        : 0;
      // Never oversold, every 'placed' stored, the stock down by exactly that; and every order
      // that was neither given up at its deadline nor refused was placed.
      const consistent =
        other === 0 &&
        placed <= Math.min(level, stock) &&
        (unavailable > 0 || placed === Math.min(level, stock)) &&
        left === stock - placed &&
        written === placed;
      // Each shopper orders once per run: confirm the run's orders, so that the cap of three
      // open orders per account (lib/orders/expiry.ts) does not refuse later runs.
      await Promise.all(
        placedIds.map((id) =>
          db
            .doc(`${SHOP}/orders/${id}`)
            .update({ 'status.confirmed': true, statusKey: 'confirmed' }),
        ),
      );
      const orderEvents = logEvents
        .slice(eventsBefore)
        .filter((e) => e.event === 'order.placed' || e.event === 'order.refused');
      const withAttempts = orderEvents.filter((e) => typeof e.attempts === 'number');
      // A refusal on the plain stock read ran no transaction (attempts 0): no retry to count.
      const retries = withAttempts.length
        ? String(withAttempts.reduce((sum, e) => sum + Math.max(0, e.attempts - 1), 0))
        : 'n/a';
      const withoutTransaction = withAttempts.filter((e) => e.attempts === 0).length;
      rows.push({
        stock,
        concurrent: level,
        'p50 ms': Math.round(percentile(timings, 50)),
        'p95 ms': Math.round(percentile(timings, 95)),
        'max ms': Math.round(Math.max(...timings)),
        'orders/s': Number((level / seconds).toFixed(1)),
        placed,
        'out-of-stock': refused,
        'unavailable (503)': unavailable,
        other,
        retries,
        'no transaction': withoutTransaction,
        consistent: consistent ? 'yes' : 'NO',
      });
    }
  }
  console.table(rows);
  const others = new Set();
  logEvents
    .filter((e) => e.event === 'order.refused' && e.reason !== 'out-of-stock')
    .forEach((e) => others.add(e.reason));
  if (others.size) console.log(`other refusal reasons: ${[...others].join(', ')}`);
  await deleteApp(app);
  if (rows.some((row) => row.consistent !== 'yes')) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill('SIGTERM');
    server.once('exit', () => rmSync(DATA_DIR, { recursive: true, force: true }));
  });
