// `npm run bench:race`: a launch rush as production sees it. N shoppers, each with an account, a
// real session cookie and a client address of their own (through one trusted proxy hop), press
// 'Confirmar pedido' for the same product at the same moment, against the standalone server with
// the settings `npm start` gives it (the real rate limits, the seeded delivery table, Mercado Pago
// configured against a fake API), on one instance and on two (two app processes on one local
// Firebase), on a fresh shop and on one holding an Easter week's data (./bench/easter-week.mjs),
// on a quiet machine and a busy one (two CPU hogs). Prints a row per run with the 1-minute load
// average at its start and end, outcomes, p50/p95/max answer times (and the 409s' p95), answers
// past 5 s, transaction retries, the Firestore operations the run cost, and whether stock and
// orders agree. Seeds, starts, measures and stops everything itself, on 127.0.0.1 only.
//
// Flags (all optional; docs/operations.md):
//   --instances=1,2  --data=fresh,easter  --cases=10x200,1000x200 (stock x shoppers)
//   --machine=quiet,busy  --profile[=DIR] (CPU profiles of every process, summarized)
//   --app=DIR (a checkout with its own build to measure, e.g. an older commit)  --json=FILE
//   --keep (keeps the seeded Easter week in .local-firebase-e2e/ for the next run)
// Env: BENCH_PORT (3950: the instances on it and the next port, the fake Mercado Pago on the
// one after), AUTH_EMULATOR_PORT, FIRESTORE_EMULATOR_PORT, EMULATOR_HUB_PORT,
// EMULATOR_LOGGING_PORT (default BENCH_PORT+3 ... +6), BENCH_TIMEOUT_MIN (45), BENCH_EASTER_SCALE
// (1: the Easter week of ./bench/easter-week.mjs; 0.2 seeds a fifth of it).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { easterWeekScaled, seedEasterWeek } from './bench/easter-week.mjs';
import { markdown, printEvents, printRow, SHOP, summarize } from './bench/race-report.mjs';
import { startFakePreferences } from './bench/fake-mercadopago.mjs';
import {
  cpuByProcess,
  killAll,
  loadUnder,
  runExpiryCron,
  startHogs,
  startInstance,
  startStack,
  stopAll,
} from './bench/processes.mjs';
import { summarizeProfiles } from './bench/profile-summary.mjs';
import { inBatches, openPickupDays, placeOrder, signUpShopper } from './bench/shoppers.mjs';

const require = createRequire(import.meta.url);
// Against emulators, Google's auth library must not look for a cloud metadata server.
process.env.METADATA_SERVER_DETECTION = 'none';

function flag(name, fallback) {
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : true;
}
const list = (value) => String(value).split(',').filter(Boolean);

const INSTANCES = list(flag('instances', '1,2')).map(Number);
const DATA = list(flag('data', 'fresh,easter'));
const CASES = list(flag('cases', '10x200,1000x200')).map((c) => {
  const [stock, shoppers] = c.split('x').map(Number);
  return { stock, shoppers };
});
const MACHINE = list(flag('machine', 'quiet,busy'));
const PROFILE = flag('profile', false);
const APP = path.resolve(flag('app', '.'));
const JSON_FILE = flag('json', null);
const KEEP = flag('keep', false);
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const PORTS = {
  auth: Number(process.env.AUTH_EMULATOR_PORT ?? PORT + 3),
  firestore: Number(process.env.FIRESTORE_EMULATOR_PORT ?? PORT + 4),
  hub: Number(process.env.EMULATOR_HUB_PORT ?? PORT + 5),
  logging: Number(process.env.EMULATOR_LOGGING_PORT ?? PORT + 6),
};
const TIMEOUT_MIN = Number(process.env.BENCH_TIMEOUT_MIN ?? 45);
const EASTER_SCALE = Number(process.env.BENCH_EASTER_SCALE ?? 1);
const EASTER = easterWeekScaled(EASTER_SCALE);
const PRODUCT = 'barra-tropical-bahia';
const WORK = path.resolve(`.local-firebase-e2e/bench-race-${PORT}`);
const PROFILE_DIR = PROFILE ? path.resolve(PROFILE === true ? '.bench-profiles' : PROFILE) : null;
const SERVER = path.join(APP, '.next/standalone/server.js');
const MAX_SHOPPERS = 400;
const ACCESS_TOKEN = 'TEST-bench-access-token';

if (!existsSync(SERVER)) {
  console.error(`No production build in ${APP}: run \`npm run build\` there first.`);
  process.exit(1);
}
const validCase = ({ stock, shoppers }) =>
  Number.isInteger(stock) && stock >= 0 && Number.isInteger(shoppers) && shoppers >= 1;
if (
  !CASES.every(validCase) ||
  Math.max(...CASES.map((c) => c.shoppers)) > MAX_SHOPPERS ||
  !INSTANCES.every((n) => n === 1 || n === 2) ||
  !DATA.every((d) => d === 'fresh' || d === 'easter') ||
  !MACHINE.every((m) => m === 'quiet' || m === 'busy')
) {
  console.error(
    `Flags: --cases=STOCKxSHOPPERS,... (at most ${MAX_SHOPPERS} shoppers), --instances=1,2, ` +
      '--data=fresh,easter, --machine=quiet,busy',
  );
  process.exit(1);
}

const overall = setTimeout(() => {
  console.error(`bench:race did not finish within ${TIMEOUT_MIN} min; stopping everything.`);
  killAll();
  process.exit(1);
}, TIMEOUT_MIN * 60_000);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load1 = () => os.loadavg()[0].toFixed(2);

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

// The stock layout of lib/inventory/stock-shards.ts: from SHARDED_STOCK_FROM units on, the stock
// is split over STOCK_SHARDS documents (the product's own and inventoryShards/{key}.{n}), as the
// control panel's stock page writes it.
const STOCK_SHARDS = 16;
const SHARDED_STOCK_FROM = 50;

/** firebase-admin in this process, on the stack's emulators: stock and orders, set and checked. */
function adminOn(stack, name) {
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: stack.firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: stack.authHost,
  });
  const { initializeApp, deleteApp } = require('firebase-admin/app');
  const { getFirestore, FieldValue } = require('firebase-admin/firestore');
  const app = initializeApp({ projectId: stack.projectId }, name);
  const db = getFirestore(app);
  const own = db.doc(`${SHOP}/inventory/${PRODUCT}`);
  const shard = (n) => db.doc(`${SHOP}/inventoryShards/${PRODUCT}.${n}`);
  return {
    db,
    async setStock(stock) {
      const parts =
        stock < SHARDED_STOCK_FROM
          ? [stock]
          : Array.from(
              { length: STOCK_SHARDS },
              (_, n) => Math.floor(stock / STOCK_SHARDS) + (n < stock % STOCK_SHARDS ? 1 : 0),
            );
      const batch = db.batch();
      batch.set(
        own,
        {
          stock: parts[0],
          stockShards: parts.length > 1 ? parts.length : FieldValue.delete(),
          availableForSale: true,
        },
        { merge: true },
      );
      for (let n = 1; n < STOCK_SHARDS; n += 1) {
        if (n < parts.length) batch.set(shard(n), { product: PRODUCT, stock: parts[n] });
        else batch.delete(shard(n));
      }
      await batch.commit();
    },
    async stockLeft() {
      const docs = await db.getAll(
        own,
        ...Array.from({ length: STOCK_SHARDS - 1 }, (_, n) => shard(n + 1)),
      );
      const count = docs[0].get('stockShards') ?? 1;
      return docs.slice(0, count).reduce((sum, doc) => sum + (doc.get('stock') ?? 0), 0);
    },
    close: () => deleteApp(app),
  };
}

/** The Easter week's data, seeded once into a folder that every Easter run starts from a copy of. */
async function easterTemplate() {
  const dir = path.join(WORK, `easter-template-${EASTER_SCALE}`);
  if (existsSync(path.join(dir, 'firestore.json'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const stack = await startStack({ root: APP, dataDir: dir, ports: PORTS });
  const seeded = await seedEasterWeek({
    projectId: stack.projectId,
    shopId: 'chocolate-shop',
    firestoreHost: stack.firestoreHost,
    authHost: stack.authHost,
    counts: EASTER,
  });
  await stack.stop();
  console.log(
    `Easter week seeded: ${seeded.accounts} accounts, ${seeded.documents} documents ` +
      `(${EASTER.orders} orders, ${EASTER.buckets} rate-limit buckets) in ${seconds(started)} s`,
  );
  return dir;
}

const rows = [];
const events = [];
/** When each run went on, in µs of the monotonic clock that CPU profiles use too. */
const windows = [];
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

async function scenario({ data, instances: count, machine }) {
  const label = `${data}, ${count} instance${count > 1 ? 's' : ''}, ${machine}`;
  const dataDir = path.join(WORK, `${data}-${count}-${machine}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (data === 'easter') cpSync(await easterTemplate(), dataDir, { recursive: true });
  const profileDir = PROFILE_DIR && path.join(PROFILE_DIR, `${data}-${count}-${machine}`);
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  const setupStarted = performance.now();
  const stack = await startStack({
    root: APP,
    dataDir,
    ports: PORTS,
    profileDir,
    log: console.log,
  });
  const mercadoPago = await startFakePreferences(ACCESS_TOKEN, PORT + 2);
  const instances = [];
  try {
    for (let i = 0; i < count; i += 1) {
      instances.push(
        await startInstance({
          server: SERVER,
          port: PORT + i,
          stack,
          dataDir,
          mercadoPago: { baseUrl: mercadoPago.baseUrl, accessToken: ACCESS_TOKEN },
          profileDir,
          name: `app-${i + 1}`,
          onEvent: (event, name) => events.push({ ...event, instance: name }),
        }),
      );
    }
    const admin = adminOn(stack, `bench-${data}-${count}-${machine}`);
    const most = Math.max(...CASES.map((c) => c.shoppers));
    const run = `${data}${count}${machine}`;
    const shoppers = await inBatches(most + count, 10, (index) =>
      signUpShopper({ authHost: stack.authHost, instance: instances[index % count], index, run }),
    );
    const warmUps = shoppers.splice(most);
    const days = await openPickupDays(instances[0], PRODUCT, warmUps[0].address);
    // Each instance's first orders load the checkout's code and open its channels: not measured.
    await admin.setStock(1000);
    let sequence = 0;
    const nextOrderId = () =>
      `BENCH${run.slice(0, 3).toUpperCase()}${String((sequence += 1)).padStart(6, '0')}`;
    const warm = await Promise.all(
      warmUps.map((shopper, i) =>
        placeOrder({
          instance: instances[i],
          shopper,
          orderId: nextOrderId(),
          product: PRODUCT,
          day: days[0] ?? null,
          timeoutMs: 15_000,
        }),
      ),
    );
    await confirm(admin.db, warm);
    console.log(
      `\n${label}: ${shoppers.length} shoppers signed in, ${days.length} open pick-up days, ` +
        `set up in ${seconds(setupStarted)} s (warm-up: ${warm.map((w) => w.outcome).join(', ')})`,
    );
    const stopHogs = machine === 'busy' ? startHogs(2) : null;
    if (stopHogs) await sleep(3000);
    try {
      for (const { stock, shoppers: n } of CASES) {
        await runExpiryCron(instances[0]);
        await admin.setStock(stock);
        // What the instances know of the stock catches up (their listeners or snapshots).
        await sleep(2500);
        if (machine === 'quiet') await loadUnder(2, 90_000);
        const before = await stack.operations();
        const cpuBefore = cpuByProcess(stack, instances);
        const loadBefore = load1();
        const eventsBefore = events.length;
        const started = performance.now();
        const window = [monotonicMicros()];
        const results = await Promise.all(
          shoppers.slice(0, n).map((shopper, i) =>
            placeOrder({
              instance: instances[i % count],
              shopper,
              orderId: nextOrderId(),
              product: PRODUCT,
              day: days.length ? days[i % days.length] : null,
              timeoutMs: 15_000,
            }),
          ),
        );
        const elapsed = (performance.now() - started) / 1000;
        window.push(monotonicMicros());
        windows.push(window);
        const loadAfter = load1();
        const cpuAfter = cpuByProcess(stack, instances);
        const after = await stack.operations();
        await sleep(500);
        rows.push(
          await summarize({
            label,
            data,
            count,
            machine,
            stock,
            n,
            results,
            elapsed,
            loadBefore,
            loadAfter,
            operations: before &&
              after && {
                reads: after.reads - before.reads,
                writes: after.writes - before.writes,
                transactions: after.transactions - before.transactions,
              },
            admin,
            newEvents: events.slice(eventsBefore),
            cpu: Object.fromEntries(
              Object.keys(cpuAfter).map((name) => [name, cpuAfter[name] - (cpuBefore[name] ?? 0)]),
            ),
          }),
        );
        printRow(rows.at(-1));
        printEvents(events.slice(eventsBefore));
        await confirm(admin.db, results);
      }
    } finally {
      await stopHogs?.();
    }
    await admin.close();
  } finally {
    for (const instance of instances) await instance.stop();
    await mercadoPago.close();
    await stack.stop();
    if (profileDir && existsSync(profileDir)) {
      console.log(
        `CPU profiles (${profileDir}), during the runs only:\n` +
          summarizeProfiles(profileDir, { windows, functions: 14 }),
      );
    }
  }
}

/**
 * Confirms the placed orders of a run, so the cap of three open orders per account
 * (lib/orders/expiry.ts) does not refuse the shopper's next run.
 */
async function confirm(db, results) {
  await Promise.all(
    results
      .filter((r) => r.outcome === 'placed')
      .map((r) =>
        db
          .doc(`${SHOP}/orders/${r.orderId}`)
          .update({ 'status.confirmed': true, statusKey: 'confirmed' }),
      ),
  );
}

async function main() {
  mkdirSync(WORK, { recursive: true });
  console.log(
    `bench:race on ${APP === path.resolve('.') ? 'this checkout' : APP}: cases ${CASES.map((c) => `${c.stock}x${c.shoppers}`).join(', ')}, ` +
      `instances ${INSTANCES.join(', ')}, data ${DATA.join(', ')}, machine ${MACHINE.join(', ')}; load ${load1()}`,
  );
  for (const data of DATA) {
    for (const count of INSTANCES) {
      for (const machine of MACHINE) await scenario({ data, instances: count, machine });
    }
  }
  console.log(`\n${markdown(rows)}`);
  if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(rows, null, 2));
  const failed = rows.some((r) => r.consistent !== 'yes');
  if (failed) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    clearTimeout(overall);
    await stopAll();
    if (KEEP) {
      for (const entry of readdirSync(WORK)) {
        if (!entry.startsWith('easter-template'))
          rmSync(path.join(WORK, entry), { recursive: true });
      }
    } else {
      rmSync(WORK, { recursive: true, force: true });
    }
  });
