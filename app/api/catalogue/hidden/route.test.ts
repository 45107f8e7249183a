// The menu search's list of hidden products against a private local Firebase (seeded: every
// product shown).

import { setUpFileFirebase } from '@/test/local-firebase-env';

jest.setTimeout(30_000);

const firebase = setUpFileFirebase();
let route: typeof import('./route');

const INVENTORY = 'projects/chocolate-shop/inventory';

beforeAll(async () => {
  route = await import('./route');
});

describe('GET /api/catalogue/hidden', () => {
  it('lists exactly the products with showInStore off, live and never cached', async () => {
    const first = await route.GET();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ hidden: [] });

    await firebase.db
      .doc(`${INVENTORY}/barra-tropical-rio`)
      .set({ showInStore: false }, { merge: true });
    // Not for sale is not hidden: the landing still lists it.
    await firebase.db
      .doc(`${INVENTORY}/mini-ovo`)
      .set({ availableForSale: false }, { merge: true });
    expect(await (await route.GET()).json()).toEqual({ hidden: ['barra-tropical-rio'] });

    await firebase.db
      .doc(`${INVENTORY}/barra-tropical-rio`)
      .set({ showInStore: true }, { merge: true });
    expect(await (await route.GET()).json()).toEqual({ hidden: [] });
  });
});
