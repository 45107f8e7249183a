import 'server-only';

import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';

import { catalogueChangesCollection, productsCollection } from '@/lib/firebase/admin';

import { AUDIT_FIELDS, type FieldChange } from './audit';
import { parseProductRecord } from './record';
import { forgetCatalogue } from './repository';
import { bumpStorefrontRevision, forgetStorefrontRevision } from './revision';
import type { ProductRecord } from './types';

// The catalogue's writes (products/{key} and its audit trail, catalogueChanges/{id}), each inside
// the caller's transaction (lib/control-panel/product-editor.ts, which also changes the inventory),
// and each with the storefront's revision (./revision.ts), so every server process and its page
// cache follow.

/** A stored product and its version (bumped by every write: a form loaded before is stale). */
export type VersionedRecord = { record: ProductRecord; version: number };

/** Inside `transaction`, the product stored under `key` with its version, or null. */
export async function readProductInTransaction(
  transaction: Transaction,
  key: string,
): Promise<VersionedRecord | null> {
  const snapshot = await transaction.get(productsCollection().doc(key));
  if (!snapshot.exists) return null;
  const record = parseProductRecord({ ...snapshot.data(), key });
  if (!record) return null;
  const version: unknown = snapshot.get('version');
  return { record, version: typeof version === 'number' ? version : 0 };
}

/**
 * Inside `transaction`, whether `key` is free for a new or renamed product: no product has it, and
 * no other than `renaming` had it before a rename (its old address leads there).
 */
export async function isKeyFreeInTransaction(
  transaction: Transaction,
  key: string,
  renaming?: string,
): Promise<boolean> {
  const [own, former] = await Promise.all([
    transaction.get(productsCollection().doc(key)),
    transaction.get(productsCollection().where('formerKeys', 'array-contains', key).limit(2)),
  ]);
  return !own.exists && former.docs.every((doc) => doc.id === renaming);
}

/** Inside `transaction`, stores `record` at its key with `version`, and moves the revision. */
export function writeProductInTransaction(
  transaction: Transaction,
  record: ProductRecord,
  version: number,
): void {
  transaction.set(productsCollection().doc(record.key), {
    ...record,
    version,
    updatedAt: FieldValue.serverTimestamp(),
  });
  bumpStorefrontRevision(transaction);
}

/** Inside `transaction`, removes the product stored at `key` (a rename, or a deletion). */
export function deleteProductInTransaction(transaction: Transaction, key: string): void {
  transaction.delete(productsCollection().doc(key));
  bumpStorefrontRevision(transaction);
}

export type ChangeAction = 'created' | 'updated' | 'archived' | 'restored' | 'deleted';

/** A catalogue change as the editor lists it. */
export type CatalogueChange = {
  at: string;
  byEmail: string;
  action: ChangeAction;
  productKey: string;
  changes: FieldChange[];
};

/** Inside `transaction`, records who changed product `key` how (the audit trail). */
export function recordChangeInTransaction(
  transaction: Transaction,
  change: {
    productKey: string;
    by: { uid: string; email: string };
    action: ChangeAction;
    changes: FieldChange[];
  },
): void {
  transaction.create(catalogueChangesCollection().doc(), {
    ...change,
    at: FieldValue.serverTimestamp(),
  });
}

/** After a committed change: this process reads the catalogue again at once. */
export function catalogueChangedHere(): void {
  forgetStorefrontRevision();
  forgetCatalogue();
}

const changeSchema = z.object({
  at: z.instanceof(Timestamp).transform((value) => value.toDate().toISOString()),
  by: z.object({ email: z.string().catch('') }).catch({ email: '' }),
  action: z.enum(['created', 'updated', 'archived', 'restored', 'deleted']),
  productKey: z.string(),
  changes: z
    .array(z.object({ field: z.enum(AUDIT_FIELDS), before: z.string(), after: z.string() }))
    .catch([]),
});

/** How many of the keys a product had Firestore's `in` may ask for at once. */
const MAX_KEYS = 30;

/**
 * The last `limit` changes of the product now called `keys[0]` (and before, `keys[1…]`), newest
 * first; an unreadable entry is left out.
 */
export async function listProductChanges(
  keys: readonly string[],
  limit = 10,
): Promise<CatalogueChange[]> {
  const snapshot = await catalogueChangesCollection()
    .where('productKey', 'in', keys.slice(0, MAX_KEYS))
    .orderBy('at', 'desc')
    .limit(limit)
    .get();
  return snapshot.docs.flatMap((doc) => {
    const parsed = changeSchema.safeParse(doc.data());
    if (!parsed.success) return [];
    const { at, by, action, productKey, changes } = parsed.data;
    return [{ at, byEmail: by.email, action, productKey, changes }];
  });
}

/** The product stored under `key` with its version, read now (the editor's page), or null. */
export async function readProductForEditor(key: string): Promise<VersionedRecord | null> {
  const snapshot = await productsCollection().doc(key).get();
  if (!snapshot.exists) return null;
  const record = parseProductRecord({ ...snapshot.data(), key });
  if (!record) return null;
  const version: unknown = snapshot.get('version');
  return { record, version: typeof version === 'number' ? version : 0 };
}
