// The storefront's inventory read when no Firestore can be reached: `next build` must still
// prerender (from the catalogue defaults, quickly), while a runtime regeneration must fail rather
// than publish the defaults.
import { SEED_RECORDS } from '@/lib/catalogue/seed';

import { catalogueDefaults } from './overlay';

type Repository = typeof import('./repository');

const FIREBASE_VARS = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_SERVICE_ACCOUNT',
  'NEXT_PUBLIC_FIREBASE_API_KEY',
  'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
  'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
  'NEXT_PUBLIC_FIREBASE_APP_ID',
  'GCLOUD_PROJECT',
];
const saved = { ...process.env };

function freshRepository(): Repository {
  let repository: Repository | undefined;
  jest.isolateModules(() => {
    repository = jest.requireActual<Repository>('./repository');
  });
  return repository!;
}

beforeEach(() => {
  for (const name of [...FIREBASE_VARS, 'NEXT_PHASE']) delete process.env[name];
});

afterAll(() => {
  for (const name of [...FIREBASE_VARS, 'NEXT_PHASE', 'METADATA_SERVER_DETECTION']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('getInventoryOverlay without Firestore', () => {
  it('at build time answers the seed and its defaults at once, logging once each', async () => {
    process.env.NEXT_PHASE = 'phase-production-build';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { getInventoryOverlay, getStorefrontProducts } = freshRepository();
    const started = Date.now();
    expect(await getInventoryOverlay(SEED_RECORDS)).toEqual(catalogueDefaults(SEED_RECORDS));
    expect((await getStorefrontProducts()).map((product) => product.stockQtty)).toEqual(
      Array(17).fill(10),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    // Once for the inventory, once for the catalogue (prerendered from the seed).
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('at build time gives up on an unanswering Firestore after a short timeout', async () => {
    process.env.NEXT_PHASE = 'phase-production-build';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let getInventoryOverlay: Repository['getInventoryOverlay'] | undefined;
    jest.isolateModules(() => {
      // Configured, but the database never answers (emulator variables set, nothing running).
      jest.doMock('@/lib/firebase/admin', () => ({
        getAdminDb: jest.fn(),
        inventoryCollection: () => ({ get: () => new Promise(() => undefined) }),
        inventoryShardsCollection: () => ({ get: () => new Promise(() => undefined) }),
      }));
      ({ getInventoryOverlay } = jest.requireActual<Repository>('./repository'));
    });
    const started = Date.now();
    expect(await getInventoryOverlay!(SEED_RECORDS)).toEqual(catalogueDefaults(SEED_RECORDS));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(3000);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not answer within 1500 ms'));
    warn.mockRestore();
    jest.dontMock('@/lib/firebase/admin');
  });

  it('at runtime throws, so a regeneration keeps the last good page', async () => {
    const { getInventoryOverlay } = freshRepository();
    await expect(getInventoryOverlay(SEED_RECORDS)).rejects.toThrow(/Firebase configuration/);
  });
});
