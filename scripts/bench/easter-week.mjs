// A shop that has been through an Easter week, for `npm run bench:race`: thousands of accounts
// (Auth and their user documents), orders in every status over the last seven days (the unpaid
// ones still open from the last half hour) with the delivery days they held, the rate-limit buckets and webhook records such a week leaves, and the
// order markers. Written through firebase-admin against a running local Firebase, in batches.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import { INVENTORY_KEYS } from '../local-firebase/seed.mjs';

const require = createRequire(import.meta.url);

/** What one Easter week at 100x today's traffic leaves behind (docs/SCALING.md, "The load"). */
export const EASTER_WEEK = { accounts: 3000, orders: 6000, buckets: 15000, webhooks: 6000 };

/** EASTER_WEEK scaled by `fraction` (at least one of each). */
export function easterWeekScaled(fraction) {
  return Object.fromEntries(
    Object.entries(EASTER_WEEK).map(([name, count]) => [
      name,
      Math.max(1, Math.round(count * fraction)),
    ]),
  );
}

const DAY_MS = 86_400_000;
/** Within the 30 minutes an unpaid order holds its stock (lib/orders/expiry.ts). */
const OPEN_FOR_MS = 25 * 60_000;
const STATUS_MIX = [
  // [statusKey, share]; the flags follow the key (lib/orders/status.ts).
  ['delivered', 0.42],
  ['waitingForDelivery', 0.06],
  ['waitingForRetrieval', 0.05],
  ['inProduction', 0.14],
  ['confirmed', 0.15],
  ['cancelled', 0.1],
  ['awaitingApproval', 0.08],
];
const FLAGS = [
  'confirmed',
  'waitingPayment',
  'inProduction',
  'waitingForRetrieval',
  'waitingForDelivery',
  'delivered',
  'cancelled',
];
const LIMITS = [
  'sessionPerIp',
  'ordersPerAccount',
  'ordersPerIp',
  'paymentsPerAccount',
  'paymentsPerIp',
  'cspReportPerIp',
  'deliveryQuotePerIp',
];

/** A deterministic pseudo-random generator, so two runs seed the same shop. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

function statusOf(random) {
  let roll = random();
  for (const [key, share] of STATUS_MIX) {
    roll -= share;
    if (roll <= 0) return key;
  }
  return 'delivered';
}

function isoDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Seeds `counts` (EASTER_WEEK by default) into the shop `shopId` of the local Firebase at
 * `firestoreHost` / `authHost`. Returns the number of documents and accounts written.
 */
export async function seedEasterWeek({
  projectId,
  shopId,
  firestoreHost,
  authHost,
  counts = EASTER_WEEK,
  now = Date.now(),
  log = () => {},
}) {
  const saved = {
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  };
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: authHost,
  });
  const { initializeApp, deleteApp } = require('firebase-admin/app');
  const { getAuth } = require('firebase-admin/auth');
  const { getFirestore, Timestamp } = require('firebase-admin/firestore');
  const app = initializeApp({ projectId }, `easter-week-${Date.now()}`);
  try {
    const db = getFirestore(app);
    const root = db.doc(`projects/${shopId}`);
    const random = generator(2026);
    const accounts = Array.from({ length: counts.accounts }, (_, i) => ({
      uid: `easter-${String(i).padStart(5, '0')}`,
      email: `cliente${i}@pascoa.example.com.br`,
      name: `Cliente Páscoa ${i}`,
    }));

    // Accounts first, as sign-ups made them.
    const auth = getAuth(app);
    for (let start = 0; start < accounts.length; start += 1000) {
      const result = await auth.importUsers(
        accounts.slice(start, start + 1000).map(({ uid, email, name }) => ({
          uid,
          email,
          displayName: name,
          emailVerified: true,
        })),
      );
      if (result.failureCount > 0) {
        throw new Error(`importUsers: ${result.errors[0]?.error?.message ?? 'failed'}`);
      }
    }
    log(`${accounts.length} accounts`);

    let writes = 0;
    let batch = db.batch();
    let inBatch = 0;
    const pending = [];
    const set = (ref, data) => {
      batch.set(ref, data);
      inBatch += 1;
      writes += 1;
      if (inBatch === 400) {
        pending.push(batch.commit());
        batch = db.batch();
        inBatch = 0;
      }
    };
    const drain = async () => {
      if (inBatch > 0) pending.push(batch.commit());
      batch = db.batch();
      inBatch = 0;
      await Promise.all(pending.splice(0));
    };

    const ordersVersion = new Map();
    const slots = new Map();
    for (let i = 0; i < counts.orders; i += 1) {
      const account = accounts[Math.floor(random() ** 1.6 * accounts.length)];
      const placedAny = now - Math.floor(random() * 7 * DAY_MS);
      const statusKey = statusOf(random);
      // Unpaid orders still open are recent: older ones the expiry cron has already cancelled.
      const placed =
        statusKey === 'awaitingApproval' ? now - Math.floor(random() * OPEN_FOR_MS) : placedAny;
      const lines = Array.from({ length: 1 + Math.floor(random() * 2.2) }, () => ({
        key: pick(random, INVENTORY_KEYS),
        translatedTitle: 'Ovo de Páscoa',
        quantity: 1 + Math.floor(random() * 2),
        value: 40 + Math.floor(random() * 160),
      }));
      const delivery = random() < 0.55;
      const deliveryDate = isoDay(placed + (1 + Math.floor(random() * 4)) * DAY_MS);
      const orderId = `EASTER${String(i).padStart(6, '0')}${randomBytes(3).toString('hex')}`;
      const open = statusKey === 'awaitingApproval';
      const online = random() < 0.7;
      const paid = !open && statusKey !== 'cancelled' && online;
      const status = Object.fromEntries(FLAGS.map((flag) => [flag, flag === statusKey]));
      const at = Timestamp.fromMillis(placed);
      const paymentId = paid ? String(1_000_000_000 + i) : null;
      set(root.collection('orders').doc(orderId), {
        orderID: orderId,
        orderDate: at,
        clientRef: account.uid,
        orderItems: lines,
        status,
        statusKey,
        statusChangedAt: Timestamp.fromMillis(placed + Math.floor(random() * DAY_MS)),
        customerEmailLower: account.email,
        customerNameKey: account.name.toLowerCase(),
        expiresAt: open ? Timestamp.fromMillis(placed + 30 * 60_000) : null,
        shippingOption: delivery ? 'Entrega' : 'Retirada',
        total:
          lines.reduce((sum, line) => sum + line.value * line.quantity, 0) + (delivery ? 12 : 0),
        memberDiscount: null,
        locale: random() < 0.85 ? 'pt-BR' : 'en',
        address: delivery
          ? {
              street: 'Rua das Flores',
              number: String(1 + Math.floor(random() * 2000)),
              extra: '',
              city: 'São Paulo',
              postalCode: '01310-100',
              neighborhood: 'Bela Vista',
              state: 'SP',
            }
          : null,
        telephone: '(11) 91234-5678',
        cpf: null,
        giftMessage: random() < 0.2 ? 'Feliz Páscoa!' : '',
        customer: { name: account.name, email: account.email },
        deliveryFee: delivery ? 12 : 0,
        deliveryDate,
        payment: {
          provider: online ? 'mercadopago' : 'manual',
          status: paid ? 'approved' : statusKey === 'cancelled' ? 'cancelled' : 'pending',
          preferenceId: online ? `pref-${orderId}` : null,
          initPoint: online ? 'https://www.mercadopago.com.br/checkout/v1/redirect' : null,
          paymentId,
          attempts: online ? 1 : 0,
          processed: paymentId ? [`${paymentId}:approved`] : [],
        },
        stockReturned: statusKey === 'cancelled',
        audit: [],
        statusHistory: [
          { status: 'awaitingApproval', at },
          ...(open ? [] : [{ status: statusKey, at }]),
        ],
      });
      if (statusKey !== 'cancelled') {
        const list = slots.get(deliveryDate) ?? [];
        list.push(orderId);
        slots.set(deliveryDate, list);
      }
      ordersVersion.set(account.uid, (ordersVersion.get(account.uid) ?? 0) + 1 + (open ? 0 : 2));
      if (paymentId && i < counts.webhooks) {
        const id = createHash('sha256').update(`webhook-${paymentId}`).digest('hex');
        set(root.collection('webhookNotifications').doc(id), {
          state: 'handled',
          result: 'approved',
          expiresAt: Timestamp.fromMillis(placed + 7 * DAY_MS),
        });
      }
    }
    for (const account of accounts) {
      set(root.collection('users').doc(account.uid), {
        authUID: account.uid,
        email: account.email,
        name: account.name,
        avatarURL: '',
        address: {
          city: 'São Paulo',
          street: 'Rua das Flores',
          number: '100',
          extra: '',
          postalCode: '01310-100',
          neighborhood: 'Bela Vista',
          state: 'SP',
        },
        telephone: '(11) 91234-5678',
        isAdmin: false,
        isMember: false,
        isOwner: false,
        ordersVersion: ordersVersion.get(account.uid) ?? 0,
      });
    }
    // The days the week's orders held (at most the table's capacity each, as placing allows).
    for (const [day, orderIds] of slots) {
      set(root.collection('deliverySlots').doc(day), { orderIds: orderIds.slice(0, 30) });
    }
    for (let i = 0; i < counts.buckets; i += 1) {
      const limit = pick(random, LIMITS);
      const updatedAt = now - Math.floor(random() * 7 * DAY_MS);
      const id = createHash('sha256').update(`easter\u0000${limit}\u0000${i}`).digest('hex');
      set(root.collection('rateLimitBuckets').doc(id), {
        limit,
        tokens: Math.floor(random() * 10),
        updatedAt,
        expiresAt: Timestamp.fromMillis(updatedAt + 60_000),
      });
    }
    for (let shard = 0; shard < 10; shard += 1) {
      set(root.collection('orderMarkers').doc(`shard-${shard}`), {
        version: Math.round(counts.orders / 2),
      });
    }
    await drain();
    log(`${writes} documents`);
    return { accounts: accounts.length, documents: writes };
  } finally {
    await deleteApp(app);
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
