// `npm run bench -- --panel` (../bench.mjs): seeds orders on the bench's local Firebase, signs in
// as the seed's admin and measures the control panel's pages and Server Actions as the admin uses
// them.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { BASE, CONCURRENCY, get, percentile, REQUESTS } from './common.mjs';

const PANEL_ORDERS = Number(process.env.BENCH_PANEL_ORDERS ?? 500);

const AUTH_HOST = `127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? '9900'}`;
const FIRESTORE_HOST = `127.0.0.1:${process.env.FIRESTORE_EMULATOR_PORT ?? '8900'}`;

/** Writes `count` orders as the checkout stores them, one minute apart, half of them confirmed. */
async function seedPanelOrders(count) {
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_HOST;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  // The project and shop ids scripts/e2e-server.mjs serves (as in e2e/fixtures/e2e-firebase.ts).
  const app = initializeApp({ projectId: 'demo-chocolate-shop' }, 'bench-panel');
  const db = getFirestore(app);
  const start = Date.UTC(2025, 0, 1);
  const flags = {
    confirmed: false,
    waitingPayment: false,
    inProduction: false,
    waitingForRetrieval: false,
    waitingForDelivery: false,
    delivered: false,
    cancelled: false,
  };
  for (let first = 0; first < count; first += 250) {
    const batch = db.batch();
    for (let index = first; index < Math.min(count, first + 250); index += 1) {
      const id = `BENCH${String(index).padStart(8, '0')}`;
      const email = `c${index % 50}@example.com`;
      batch.set(db.doc(`projects/chocolate-shop/orders/${id}`), {
        orderID: id,
        orderDate: Timestamp.fromMillis(start + index * 60_000),
        clientRef: `uid-${index % 50}`,
        orderItems: [{ key: 'mini-ovo', translatedTitle: 'Mini Ovo', quantity: 1, value: 35 }],
        status: { ...flags, confirmed: index % 2 === 0 },
        statusKey: index % 2 === 0 ? 'confirmed' : 'awaitingApproval',
        shippingOption: index % 3 === 0 ? 'Entrega' : 'Retirada',
        total: 35,
        locale: 'pt-BR',
        address: null,
        telephone: '11912345678',
        customer: { name: `Cliente ${index}`, email },
        customerEmailLower: email,
        payment: { provider: 'manual', status: 'not-required' },
        stockReturned: false,
        audit: [],
      });
    }
    await batch.commit();
  }
  await deleteApp(app);
}

/** The seed admin's session cookie (Auth emulator sign-in, then POST /api/session). */
async function adminCookie() {
  const signIn = await fetch(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@chocolates.local',
        password: 'admin-chocolate-123',
        returnSecureToken: true,
      }),
    },
  );
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status}`);
  const { idToken } = await signIn.json();
  const session = await fetch(`${BASE}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ idToken }),
  });
  if (!session.ok) throw new Error(`POST /api/session failed: ${session.status}`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('__session='));
  if (!cookie) throw new Error('no __session cookie');
  return cookie;
}

/** The build's Server Action ids of one file (the manifest Next writes), by exported name. */
function serverActionIds(filename) {
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8'));
  const ids = {};
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.filename === filename) ids[entry.exportedName] = id;
  }
  return ids;
}

/** The Next-Router-State-Tree header a browser on a panel page sends (segments of the path). */
function routerStateTree(segments) {
  let tree = ['__PAGE__', {}, null, null, 0];
  for (const segment of [...segments].reverse())
    tree = [segment, { children: tree }, null, null, 0];
  return encodeURIComponent(JSON.stringify(['', { children: tree }, null, null, 16]));
}

/**
 * A Server Action call as the browser makes it from a panel page: POST to the page with the
 * Next-Action header, the router state and, as the body, what React's encodeReply sends.
 * `form` (a useActionState <form>): multipart, the fields prefixed `_1_` and the arguments
 * [previous state, the form] (null: the card's first change), as captured from Chromium on the
 * orders page. Otherwise the arguments as JSON text (the stock page's plain object). The
 * answer is read whole, as the browser reads it.
 */
function actionRequest(page, segments, id, { form, args }, cookie) {
  const headers = {
    cookie,
    origin: BASE,
    accept: 'text/x-component',
    'next-action': id,
    'next-router-state-tree': routerStateTree(segments),
  };
  if (form) {
    const body = new FormData();
    // The form's progressive-enhancement fields React adds (the action's reference and key).
    body.append('_1_$ACTION_REF_1', '');
    body.append('_1_$ACTION_1:0', JSON.stringify({ id, bound: '$@1' }));
    body.append('_1_$ACTION_1:1', '[null]');
    body.append('_1_$ACTION_KEY', 'k0000000000000000000000000000000');
    for (const [name, value] of Object.entries(form)) body.append(`_1_${name}`, value);
    body.append('0', '[null,"$K1"]');
    return { url: BASE + page, init: { method: 'POST', headers, body } };
  }
  return {
    url: BASE + page,
    init: {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(args),
    },
  };
}

/**
 * `count` requests made by `makeRequest(index)`, `concurrency` at a time; a request counts as
 * failed unless it answers 200 and `check(body)` (when given) accepts the body.
 */
async function measureEach(count, concurrency, makeRequest, check) {
  const timings = [];
  const failures = [];
  let next = 0;
  async function worker(workerIndex) {
    while (next < count) {
      const index = next;
      next += 1;
      const { url, init } = await makeRequest(index, workerIndex);
      const t0 = performance.now();
      const response = await get(url, { redirect: 'manual', ...init });
      const body = await response.text();
      timings.push(performance.now() - t0);
      if (response.status !== 200 || (check && !check(body))) {
        failures.push(`${response.status} ${body.slice(0, 200)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  timings.sort((a, b) => a - b);
  if (failures.length > 0) console.error(`  ${failures.length} failed, e.g. ${failures[0]}`);
  return { requests: timings.length, ...stats(timings), failures: failures.length };
}

function stats(sorted) {
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
}

function row(name, concurrency, m) {
  return {
    measured: name,
    'at a time': concurrency,
    requests: m.requests,
    'p50 ms': m.p50.toFixed(1),
    'p95 ms': m.p95.toFixed(1),
    'max ms': m.max.toFixed(1),
    failed: m.failures,
  };
}

const ACTION_REQUESTS = Math.min(Number(process.env.BENCH_ACTION_REQUESTS ?? 100), 115);
const PANEL_CONCURRENCIES = [1, CONCURRENCY];
// Stock saves write these products (two per save, one pair per concurrent worker).
const STOCK_BENCH_KEYS = [
  'ovo-pistache',
  'mini-ovo',
  'barra-tropical-bahia',
  'barra-tropical-minas',
  'barra-tropical-sampa',
  'barra-tropical-parana',
  'barra-tropical-amazonas',
  'ovo-tropical-rio',
];

/** The machine's load (1-minute average) against its cores: figures on a busy machine are worse. */
function machineLoad() {
  return `load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
}

export async function panelTable() {
  console.log(`Seeding ${PANEL_ORDERS} orders…`);
  const loadBefore = machineLoad();
  await seedPanelOrders(PANEL_ORDERS);
  const cookie = await adminCookie();
  const ids = serverActionIds('lib/control-panel/actions.ts');
  // The cursor of the 200th newest bench order: a page deep in the list (lib/orders/order-filters.ts).
  const deep = PANEL_ORDERS - 200;
  const deepCursor = `${Math.floor((Date.UTC(2025, 0, 1) + deep * 60_000) / 1000)}.000000000_BENCH${String(deep).padStart(8, '0')}`;
  const routes = [
    '/pt-BR/control-panel',
    '/pt-BR/control-panel/orders?status=confirmed&shipping=Retirada',
    `/en/control-panel/orders?after=${deepCursor}`,
    '/pt-BR/control-panel/stock',
  ];
  const page = (route) => () => ({ url: BASE + route, init: { headers: { cookie } } });
  for (const route of routes) await measureEach(20, CONCURRENCY, page(route)); // warm-up
  const rows = [];
  for (const concurrency of PANEL_CONCURRENCIES) {
    for (const route of routes) {
      rows.push(
        row(`GET ${route}`, concurrency, await measureEach(REQUESTS, concurrency, page(route))),
      );
    }
  }

  // Status changes, each a real move of a different order, made from the newest page of the list
  // (the answer carries that page rendered again): the seed's odd orders wait for approval, its
  // even ones are confirmed (seedPanelOrders).
  const benchId = (index) => `BENCH${String(index).padStart(8, '0')}`;
  const awaiting = Array.from({ length: PANEL_ORDERS / 2 }, (_, i) => benchId(2 * i + 1));
  const confirmed = Array.from({ length: PANEL_ORDERS / 2 }, (_, i) => benchId(2 * i));
  const statusChange = (orderId, from, to) =>
    actionRequest(
      '/pt-BR/control-panel/orders',
      ['control-panel', 'orders'],
      ids.changeOrderStatus,
      { form: { locale: 'pt-BR', orderId, from, to } },
      cookie,
    );
  // The action's answer (its result is the first row of the Flight body) says it changed.
  const changed = (body) => body.includes('"code":"changed"');
  await measureEach(
    10,
    1,
    (i) => statusChange(awaiting[i], 'awaitingApproval', 'waitingPayment'),
    changed,
  );
  const sets = [
    { list: awaiting.slice(10), from: 'awaitingApproval', to: 'confirmed' },
    { list: confirmed, from: 'confirmed', to: 'inProduction' },
  ];
  PANEL_CONCURRENCIES.forEach((concurrency, index) => {
    const { list, from, to } = sets[index];
    rows.push(async () =>
      row(
        `status change (${from} → ${to})`,
        concurrency,
        await measureEach(
          ACTION_REQUESTS,
          concurrency,
          (i) => statusChange(list[i], from, to),
          changed,
        ),
      ),
    );
  });
  for (let index = 0; index < rows.length; index += 1) {
    if (typeof rows[index] === 'function') rows[index] = await rows[index]();
  }

  // Stock saves: each save changes two products' stock (50 ↔ 51), as the stock page sends it.
  const stockNow = new Map(STOCK_BENCH_KEYS.map((key) => [key, 50]));
  await setBenchStock(STOCK_BENCH_KEYS, 50);
  const stockSave = (i, worker) => {
    const keys = STOCK_BENCH_KEYS.slice(2 * worker, 2 * worker + 2);
    const lines = keys.map((key) => {
      const expectedStock = stockNow.get(key);
      const stock = expectedStock === 50 ? 51 : 50;
      stockNow.set(key, stock);
      return { key, stock, expectedStock };
    });
    return stockSaveRequest(ids, lines, cookie);
  };
  const saved = (body) => body.includes('"code":"saved"');
  await measureEach(6, 1, stockSave, saved); // warm-up
  for (const concurrency of PANEL_CONCURRENCIES) {
    rows.push(
      row(
        'stock save (2 products)',
        concurrency,
        await measureEach(ACTION_REQUESTS, concurrency, stockSave, saved),
      ),
    );
  }
  console.log(
    `\nControl panel on the local Firebase, ${PANEL_ORDERS} seeded orders, loopback; ` +
      `${REQUESTS} requests per page, ${ACTION_REQUESTS} per action ` +
      `(machine: ${loadBefore} before, ${machineLoad()} after):`,
  );
  console.table(rows);
}

/**
 * The stock page's one save of the changed rows `lines` ({ key, stock, expectedStock }), flags as
 * the seed has them: the form calls the action with a plain object, which React sends as JSON
 * text (the previous answer is null here, as on the page's first save).
 */
function stockSaveRequest(ids, lines, cookie) {
  return actionRequest(
    '/pt-BR/control-panel/stock',
    ['control-panel', 'stock'],
    ids.updateInventory,
    {
      args: [
        null,
        {
          locale: 'pt-BR',
          lines: lines.map(({ key, stock, expectedStock }) => ({
            key,
            stock: String(stock),
            expectedStock,
            availableForSale: true,
            showInStore: true,
            isPromoted: false,
          })),
        },
      ],
    },
    cookie,
  );
}

async function setBenchStock(keys, stock) {
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_HOST;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: 'demo-chocolate-shop' }, 'bench-stock');
  const batch = getFirestore(app).batch();
  for (const key of keys) {
    batch.set(
      getFirestore(app).doc(`projects/chocolate-shop/inventory/${key}`),
      { stock },
      { merge: true },
    );
  }
  await batch.commit();
  await deleteApp(app);
}
