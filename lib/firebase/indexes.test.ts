// The composite indexes the orders queries need in a real project (firestore.indexes.json,
// `firebase deploy --only firestore:indexes`); the local Firestore needs none, so this checks the
// file declares each query shape of lib/orders/repository.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type IndexField = { fieldPath: string; order: 'ASCENDING' | 'DESCENDING' };
type Index = { collectionGroup: string; queryScope: string; fields: IndexField[] };

const root = path.join(__dirname, '..', '..');
const { indexes } = JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8')) as {
  indexes: Index[];
};

const shape = (index: Index) =>
  `${index.collectionGroup}:${index.fields.map((f) => `${f.fieldPath} ${f.order}`).join(', ')}`;

describe('firestore.indexes.json', () => {
  it('is the file firebase.json deploys', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
    expect(config.firestore.indexes).toBe('firestore.indexes.json');
  });

  it.each([
    // The panel's list (lib/orders/repository.ts panelQuery): status and shipping filters, newest
    // first for the next page, oldest first for the previous one (the id tie-break is implicit).
    'orders:statusKey ASCENDING, orderDate DESCENDING',
    'orders:statusKey ASCENDING, orderDate ASCENDING',
    'orders:shippingOption ASCENDING, orderDate DESCENDING',
    'orders:shippingOption ASCENDING, orderDate ASCENDING',
    'orders:statusKey ASCENDING, shippingOption ASCENDING, orderDate DESCENDING',
    'orders:statusKey ASCENDING, shippingOption ASCENDING, orderDate ASCENDING',
    // The panel's e-mail search, newest first.
    'orders:customerEmailLower ASCENDING, orderDate DESCENDING',
    // Its search by the first letters of a customer's name.
    'orders:customerNameKey ASCENDING, orderDate DESCENDING',
    // Expiry of orders stored before expiresAt: unpaid payment status and a date range.
    'orders:payment.status ASCENDING, orderDate ASCENDING',
  ])('declares %s', (expected) => {
    expect(indexes.map(shape)).toContain(expected);
  });

  it('holds only collection-scoped indexes on orders', () => {
    for (const index of indexes) {
      expect(index).toMatchObject({ collectionGroup: 'orders', queryScope: 'COLLECTION' });
      expect(index.fields.length).toBeGreaterThanOrEqual(2);
    }
  });
});
