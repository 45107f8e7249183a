// The checkout's stock race at the repository level, on a private local Firebase whose
// transactions run side by side as Firestore's do (scripts/local-firebase/firestore.mjs): many
// transactions each taking one unit through readStock/takeStock never sell more than the shelf
// holds. Reading the stock outside the transaction would oversell on Firestore, and fails here.
import { setUpFileFirebase } from '@/test/local-firebase-env';

jest.setTimeout(120_000);

const SHOPPERS = 50;
const STOCK = 10;
const KEY = 'ovo-pistache';
const ABORTED = 10;

setUpFileFirebase({ timeoutMs: 80_000 });

let repository: typeof import('./repository');
let admin: typeof import('@/lib/firebase/admin');

beforeAll(async () => {
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  repository = await import('./repository');
  admin = await import('@/lib/firebase/admin');
});

it(`never oversells: ${SHOPPERS} concurrent transactions for ${STOCK} units`, async () => {
  const { readStock, takeStock } = repository;
  const { runTransaction, inventoryCollection, shopPath, getAdminDb } = admin;
  await inventoryCollection().doc(KEY).set({ stock: STOCK });
  const reservations = getAdminDb().collection(`${shopPath()}/stock-race-reservations`);

  const results = await Promise.allSettled(
    Array.from({ length: SHOPPERS }, (_, shopper) =>
      runTransaction(async (transaction) => {
        const [onHand] = await readStock(transaction, [KEY]);
        if (!onHand || onHand.stock < 1) return 'sold-out' as const;
        takeStock(transaction, [{ key: KEY, quantity: 1, stock: onHand.stock }]);
        // One record per unit taken, in the same transaction: what the shop believes it sold.
        transaction.create(reservations.doc(`shopper-${shopper}`), { key: KEY, quantity: 1 });
        return 'taken' as const;
      }),
    ),
  );

  const taken = results.filter((r) => r.status === 'fulfilled' && r.value === 'taken').length;
  const soldOut = results.filter((r) => r.status === 'fulfilled' && r.value === 'sold-out').length;
  const failed = results.flatMap((r) =>
    r.status === 'rejected' ? [(r.reason as { code?: unknown }).code] : [],
  );
  const finalStock = (await inventoryCollection().doc(KEY).get()).get('stock') as number;
  const recorded = (await reservations.get()).size;
  const outcome = { taken, soldOut, failed: failed.length, finalStock, recorded };
  console.log(`stock race: ${JSON.stringify(outcome)}`);

  expect(taken).toBeGreaterThan(0);
  expect(taken).toBeLessThanOrEqual(STOCK);
  expect(recorded).toBe(taken);
  expect(finalStock).toBe(STOCK - taken);
  expect(taken + soldOut + failed.length).toBe(SHOPPERS);
  // A shopper who did not get a unit ran out of attempts under contention (ABORTED 5 times).
  expect(failed.every((code) => code === ABORTED)).toBe(true);
});
