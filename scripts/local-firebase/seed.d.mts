// Types of scripts/local-firebase/seed.mjs, for the tests that store the seed's delivery table.
import type { DeliveryTable } from '../../lib/delivery/table';

export declare const SEED_DELIVERY: DeliveryTable;
export declare const SEED_STOCK: number;
export declare const INVENTORY_KEYS: string[];

/** Writes the seed's 17 products into a shop without any; false (nothing written) otherwise. */
export declare function seedCatalogue(
  db: import('firebase-admin/firestore').Firestore,
  shopId: string,
  firestore: { FieldValue: typeof import('firebase-admin/firestore').FieldValue },
): Promise<boolean>;

/** Creates a seed account (uid, email, password, name) unless it exists; see seed.mjs. */
export declare function ensureSeedAccount(
  auth: Pick<import('firebase-admin/auth').Auth, 'getUser' | 'createUser' | 'updateUser'>,
  user: { uid: string; email: string; password: string; name: string },
): Promise<void>;
