// The cart's live stock read against a private local Firebase (seeded: stock 10 everywhere).
import { NextRequest } from 'next/server';

import { setUpFileFirebase } from '@/test/local-firebase-env';

jest.setTimeout(30_000);

const firebase = setUpFileFirebase();
let route: typeof import('./route');

const INVENTORY = 'projects/chocolate-shop/inventory';

beforeAll(async () => {
  route = await import('./route');
  await firebase.db.doc(`${INVENTORY}/ovo-pistache`).set({ stock: 2 }, { merge: true });
  await firebase.db.doc(`${INVENTORY}/mini-ovo`).set({ stock: 0 }, { merge: true });
  await firebase.db
    .doc(`${INVENTORY}/barra-tropical-rio`)
    .set({ showInStore: false }, { merge: true });
  await firebase.db
    .doc(`${INVENTORY}/barra-tropical-bahia`)
    .set({ availableForSale: false }, { merge: true });
});

const get = (keys: string) =>
  route.GET(new NextRequest(`http://shop.test/api/cart/stock?keys=${encodeURIComponent(keys)}`));

describe('GET /api/cart/stock', () => {
  it('answers the units left and the sale state of the asked products only, never cached', async () => {
    const response = await get(
      'ovo-pistache,mini-ovo,barra-tropical-rio,barra-tropical-bahia,ovo-tropical-minas,nope',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      // With the catalogue's price now, which the checkout compares with the cart's.
      stock: {
        'ovo-pistache': { stock: 2, forSale: true, price: 19300 },
        'mini-ovo': { stock: 0, forSale: true, price: 3500 },
        // Hidden ('Na vitrine' off) or not for sale: the cart cannot check it out.
        'barra-tropical-rio': { stock: 10, forSale: false, price: 4000 },
        'barra-tropical-bahia': { stock: 10, forSale: false, price: 4000 },
        'ovo-tropical-minas': { stock: 10, forSale: true, price: 9000 },
      },
    });
  });

  it('refuses a request without keys or with more keys than a cart holds lines', async () => {
    expect((await get('')).status).toBe(400);
    expect((await get(Array(21).fill('mini-ovo').join(','))).status).toBe(400);
  });
});
