import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const SEED_ADMIN = {
  uid: 'seed-admin',
  email: 'admin@chocolates.local',
  password: 'admin-chocolate-123',
  name: 'Admin da Loja',
};

export const SEED_SHOPPER = {
  uid: 'seed-shopper',
  email: 'cliente@chocolates.local',
  password: 'cliente-chocolate-123',
  name: 'Cliente Exemplo',
};

/**
 * Creates a seed account unless it exists. firebase-admin sends a request again after a reset or
 * timed-out connection, so on a busy machine a create that was applied can answer that the uid
 * exists: the account is then set to what the seed says.
 */
export async function ensureSeedAccount(auth, user) {
  try {
    await auth.getUser(user.uid);
    return;
  } catch (error) {
    if (error?.code !== 'auth/user-not-found') throw error;
  }
  const account = {
    email: user.email,
    password: user.password,
    displayName: user.name,
    emailVerified: true,
  };
  try {
    await auth.createUser({ uid: user.uid, ...account });
  } catch (error) {
    if (error?.code !== 'auth/uid-already-exists') throw error;
    await auth.updateUser(user.uid, account);
  }
}

/**
 * The specification's 17 products (lib/catalogue/seed-products.json, read by the app's seed too):
 * what a shop's catalogue (products/{key}) starts with.
 */
export const SEED_PRODUCTS = require('../../lib/catalogue/seed-products.json');

export const INVENTORY_KEYS = SEED_PRODUCTS.map((product) => product.key);

export const SEED_STOCK = 10;

/**
 * The delivery table a new shop starts with (settings/delivery, lib/delivery/table.ts): CEP
 * ranges from the shop in São Paulo outwards, fees in centavos, lead time in days. The centre (the
 * shop's courier) is free; the North and Centre-West (66000-000 to 79999-999) are outside every
 * region: pick-up only. The admin edits it in the panel (/control-panel/delivery).
 */
export const SEED_DELIVERY = {
  regions: [
    { name: 'São Paulo - Centro', from: '01000000', to: '01599999', fee: 0, days: 1 },
    { name: 'São Paulo - capital', from: '01600000', to: '05999999', fee: 1200, days: 1 },
    { name: 'Grande São Paulo', from: '06000000', to: '09999999', fee: 2000, days: 2 },
    { name: 'Interior e litoral de SP', from: '11000000', to: '19999999', fee: 3000, days: 3 },
    { name: 'Sudeste (RJ, MG, ES)', from: '20000000', to: '39999999', fee: 4500, days: 4 },
    { name: 'Nordeste', from: '40000000', to: '65999999', fee: 6000, days: 6 },
    { name: 'Sul', from: '80000000', to: '99999999', fee: 4500, days: 4 },
  ],
  freeAbove: 40000,
  dailyCapacity: 30,
  // Monday to Saturday.
  weekdays: [1, 2, 3, 4, 5, 6],
  pickupDays: 1,
  // Amounts are centavos (lib/delivery/repository.ts reads a table without this as whole reais).
  amountsIn: 'centavos',
};

const NO_STATUS = {
  confirmed: false,
  waitingPayment: false,
  inProduction: false,
  waitingForRetrieval: false,
  waitingForDelivery: false,
  delivered: false,
  cancelled: false,
};

const item = (key, translatedTitle, quantity, value) => ({ key, translatedTitle, quantity, value });

// `value` is the unit price in centavos; total is the sum of value * quantity.
const SEED_ORDERS = [
  {
    orderID: 'seed-order-1',
    // The label the status flags give (lib/orders/status.ts), stored for the panel's filter.
    statusKey: 'awaitingApproval',
    orderDate: '2026-01-15T14:30:00-03:00',
    orderItems: [item('barra-tropical-bahia', 'Barra Tropical Bahia', 2, 4000)],
    status: {},
    shippingOption: 'Retirada',
  },
  {
    orderID: 'seed-order-2',
    statusKey: 'confirmed',
    orderDate: '2026-02-10T10:05:00-03:00',
    orderItems: [
      item('ovo-pistache', 'Ovo Pistache', 1, 19300),
      item('mini-ovo', 'Mini Ovo', 2, 3500),
    ],
    status: { confirmed: true },
    shippingOption: 'Entrega',
  },
  {
    orderID: 'seed-order-3',
    statusKey: 'inProduction',
    orderDate: '2026-03-05T16:45:00-03:00',
    orderItems: [item('ovo-tropical-rio', 'Ovo Tropical Rio', 2, 9000)],
    status: { inProduction: true },
    shippingOption: 'Entrega',
  },
  {
    orderID: 'seed-order-4',
    statusKey: 'delivered',
    orderDate: '2026-03-20T11:20:00-03:00',
    orderItems: [
      item('ovo-cookies-com-nutella', 'Ovo Cookies com Nutella', 1, 13800),
      item('barra-tropical-bahia', 'Barra Tropical Bahia', 1, 4000),
    ],
    status: { delivered: true },
    shippingOption: 'Retirada',
  },
  {
    orderID: 'seed-order-5',
    statusKey: 'cancelled',
    orderDate: '2026-04-01T09:00:00-03:00',
    orderItems: [item('mini-ovo', 'Mini Ovo', 3, 3500)],
    status: { cancelled: true },
    shippingOption: 'Entrega',
  },
];

export function seedDocuments({ Timestamp }) {
  const users = [
    {
      ...userBase(SEED_ADMIN),
      address: {
        city: 'São Paulo',
        street: 'Rua Augusta',
        number: '1500',
        extra: 'Loja 2',
        postalCode: '01304-001',
        neighborhood: 'Consolação',
        state: 'SP',
      },
      isAdmin: true,
      isMember: false,
      isOwner: true,
      telephone: '+55 11 3000-0000',
    },
    {
      ...userBase(SEED_SHOPPER),
      address: {
        city: 'São Paulo',
        street: 'Avenida Paulista',
        number: '1000',
        extra: 'Apto 42',
        postalCode: '01310-100',
        neighborhood: 'Bela Vista',
        state: 'SP',
      },
      isAdmin: false,
      isMember: false,
      isOwner: false,
      telephone: '+55 11 91234-5678',
    },
  ];
  const orders = SEED_ORDERS.map((order) => ({
    ...order,
    orderDate: Timestamp.fromDate(new Date(order.orderDate)),
    clientRef: SEED_SHOPPER.uid,
    status: { ...NO_STATUS, ...order.status },
    total: order.orderItems.reduce((sum, line) => sum + line.value * line.quantity, 0),
    // Amounts are centavos (lib/orders/repository/stored.ts reads one without this as reais).
    amountsIn: 'centavos',
    audit: [],
  }));
  return { users, orders };
}

function userBase({ uid, email, name }) {
  return { authUID: uid, email, name, avatarURL: '' };
}

/**
 * Writes the seed's products when the shop has none (a new shop, or one set up before the
 * catalogue was data), with the storefront's revision (settings/catalogue, which every server
 * watches). A product some order already names is marked `ordered`: its key stays fixed. Returns
 * whether it wrote them; a catalogue with any product is never touched.
 */
export async function seedCatalogue(db, shopId, { FieldValue }) {
  const root = db.doc(`projects/${shopId}`);
  if (!(await root.collection('products').limit(1).get()).empty) return false;
  const ordered = new Set();
  for (const order of (await root.collection('orders').select('orderItems').get()).docs) {
    const items = order.get('orderItems');
    for (const item of Array.isArray(items) ? items : []) {
      if (typeof item?.key === 'string') ordered.add(item.key);
    }
  }
  const batch = db.batch();
  for (const product of SEED_PRODUCTS) {
    batch.set(root.collection('products').doc(product.key), {
      ...product,
      photos: [],
      archived: false,
      formerKeys: [],
      ordered: ordered.has(product.key),
      updatedAt: FieldValue.serverTimestamp(),
    });
  }
  batch.set(
    root.collection('settings').doc('catalogue'),
    { revision: FieldValue.increment(1), changedAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
  await batch.commit();
  return true;
}

function withEnv(vars, fn) {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  const restore = () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  return fn().finally(restore);
}

/**
 * Seeds the emulators through firebase-admin: auth users (skipped if present) and, when
 * `firestore` is true, their user documents, the shopper's orders, the catalogue, the inventory
 * and (unless `deliveryTable` is false) the delivery table.
 */
export async function seedLocalFirebase({
  projectId,
  shopId,
  authHost,
  firestoreHost,
  firestore,
  deliveryTable = true,
}) {
  const { initializeApp, deleteApp } = require('firebase-admin/app');
  const { getAuth } = require('firebase-admin/auth');
  const { getFirestore, FieldValue, Timestamp } = require('firebase-admin/firestore');

  // firebase-admin reads these variables when it builds its clients and on every Auth call.
  await withEnv(
    { FIRESTORE_EMULATOR_HOST: firestoreHost, FIREBASE_AUTH_EMULATOR_HOST: authHost },
    async () => {
      const app = initializeApp(
        { projectId },
        `local-firebase-seed-${Date.now()}-${Math.random()}`,
      );
      try {
        const auth = getAuth(app);
        for (const user of [SEED_ADMIN, SEED_SHOPPER]) await ensureSeedAccount(auth, user);
        if (!firestore) return;
        const db = getFirestore(app);
        const root = db.doc(`projects/${shopId}`);
        const { users, orders } = seedDocuments({ Timestamp });
        const batch = db.batch();
        for (const user of users) batch.set(root.collection('users').doc(user.authUID), user);
        for (const order of orders) batch.set(root.collection('orders').doc(order.orderID), order);
        for (const key of INVENTORY_KEYS) {
          batch.set(root.collection('inventory').doc(key), { stock: SEED_STOCK });
        }
        if (deliveryTable) batch.set(root.collection('settings').doc('delivery'), SEED_DELIVERY);
        await batch.commit();
        await seedCatalogue(db, shopId, { FieldValue });
        await db.terminate();
      } finally {
        await deleteApp(app);
      }
    },
  );
}

/**
 * Seeds the catalogue of a local Firestore kept from before the catalogue was data (no product
 * yet); a data folder that has products is left as it is. Returns whether it wrote them.
 */
export async function seedMissingCatalogue({ projectId, shopId, firestoreHost }) {
  const { initializeApp, deleteApp } = require('firebase-admin/app');
  const { getFirestore, FieldValue } = require('firebase-admin/firestore');
  return withEnv({ FIRESTORE_EMULATOR_HOST: firestoreHost }, async () => {
    const app = initializeApp({ projectId }, `local-firebase-catalogue-${Date.now()}`);
    try {
      const db = getFirestore(app);
      const seeded = await seedCatalogue(db, shopId, { FieldValue });
      await db.terminate();
      return seeded;
    } finally {
      await deleteApp(app);
    }
  });
}
