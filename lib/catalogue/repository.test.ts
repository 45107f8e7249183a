// The catalogue's one repository against a private local Firebase: a new shop holds the
// specification's 17 products with their prices and weights, a malformed product is left out
// (validated on read), the seed writes only into a shop without products, and an edit made by
// another process is read once the storefront revision moves.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

import { setUpFileFirebase } from '@/test/local-firebase-env';

import { SEED_RECORDS } from './seed';

jest.setTimeout(45_000);

const ROOT = 'projects/chocolate-shop';

let db: Firestore;
let repository: typeof import('./repository');

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ db } = firebase);
  repository = await import('./repository');
});

/** What another instance's edit does: the product and the revision in one transaction. */
async function editElsewhere(key: string, fields: Record<string, unknown>) {
  await db.runTransaction(async (transaction) => {
    transaction.update(db.doc(`${ROOT}/products/${key}`), fields);
    transaction.set(
      db.doc(`${ROOT}/settings/catalogue`),
      { revision: FieldValue.increment(1), changedAt: FieldValue.serverTimestamp() },
      { merge: true },
    );
  });
}

describe('the catalogue repository', () => {
  it("reads a new shop's 17 products with the specification's prices and weights", async () => {
    const records = await repository.listProductRecords({ fresh: true });
    expect(records).toHaveLength(17);
    expect(records.map(({ key, price, weight }) => ({ key, price, weight }))).toEqual(
      SEED_RECORDS.map(({ key, price, weight }) => ({ key, price, weight })),
    );
    expect(records.find((record) => record.key === 'ovo-pistache')).toMatchObject({
      price: 19300,
      weight: '400g',
      title: { 'pt-BR': 'Ovo Pistache', en: 'Pistachio Egg' },
    });
  });

  it('leaves out a malformed product, logged, and serves the others', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await db.doc(`${ROOT}/products/ovo-quebrado`).set({ title: { 'pt-BR': 'Sem preço' } });
    await db
      .doc(`${ROOT}/settings/catalogue`)
      .set({ revision: FieldValue.increment(1) }, { merge: true });
    try {
      const records = await repository.listAllProductRecords({ fresh: true });
      expect(records.map((record) => record.key)).not.toContain('ovo-quebrado');
      expect(records).toHaveLength(17);
      expect(String(error.mock.calls.flat().join(' '))).toContain('catalogue.product_invalid');
    } finally {
      await db.doc(`${ROOT}/products/ovo-quebrado`).delete();
      error.mockRestore();
    }
  });

  it("follows another instance's edit once the revision moves, and keeps its copy until then", async () => {
    await repository.listProductRecords({ fresh: true });
    // Without the revision moving, this process keeps the copy it has.
    await db.doc(`${ROOT}/products/mini-ovo`).update({ price: 3600 });
    const unchanged = await repository.listProductRecords({ fresh: true });
    expect(unchanged.find((record) => record.key === 'mini-ovo')?.price).toBe(3500);
    await editElsewhere('mini-ovo', { price: 3790 });
    const edited = await repository.listProductRecords({ fresh: true });
    expect(edited.find((record) => record.key === 'mini-ovo')?.price).toBe(3790);
    await editElsewhere('mini-ovo', { price: 3500 });
  });

  it('seeds a shop without products, and never touches one that has some', async () => {
    const { seedCatalogue } = await import('../../scripts/local-firebase/seed.mjs');
    await db.doc(`${ROOT}/products/mini-ovo`).update({ price: 4100 });
    expect(await seedCatalogue(db, 'chocolate-shop', { FieldValue })).toBe(false);
    expect((await db.doc(`${ROOT}/products/mini-ovo`).get()).get('price')).toBe(4100);

    const other = 'another-shop';
    expect(await seedCatalogue(db, other, { FieldValue })).toBe(true);
    const seeded = await db.collection(`projects/${other}/products`).get();
    expect(seeded.size).toBe(17);
    expect(seeded.docs.find((doc) => doc.id === 'ovo-pistache')?.get('price')).toBe(19300);
    await db.doc(`${ROOT}/products/mini-ovo`).update({ price: 3500 });
  });
});
