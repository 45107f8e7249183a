import 'server-only';

import { describeChanges } from '@/lib/catalogue/audit';
import {
  checkProductInput,
  productKeyOf,
  type EditorProblem,
  type ProductDraft,
} from '@/lib/catalogue/editor-input';
import type { LiveState } from '@/lib/catalogue/product';
import { listAllProductRecords } from '@/lib/catalogue/repository';
import {
  catalogueChangedHere,
  deleteProductInTransaction,
  isKeyFreeInTransaction,
  readProductInTransaction,
  recordChangeInTransaction,
  writeProductInTransaction,
} from '@/lib/catalogue/repository-writes';
import type { ProductRecord, StoredPhoto } from '@/lib/catalogue/types';
import { runTransaction } from '@/lib/firebase/admin';
import {
  deleteInventoryInTransaction,
  readInventoryInTransaction,
  setInventoryInTransaction,
} from '@/lib/inventory/repository';
import { logFailure } from '@/lib/log';
import { processPicture, type ProcessedPicture } from '@/lib/media/images';
import { deleteObject, saveObject } from '@/lib/media/storage';
import { hasOrdersFor } from '@/lib/orders/repository/reads';

import { revalidateStorefront } from './revalidate';

// The panel's product editor: creating and saving a product with its pictures, stock and flags,
// archiving and deleting one. Everything the editor sent is checked, and every picture made safe,
// before anything is written; the pictures are stored first, then one transaction writes the
// product, its inventory, the audit entry and the storefront's revision, and when it does not
// (refused, stale, a fault) the pictures it would have used are deleted again: no orphan.

export type Admin = { uid: string; email: string };

/** Keys no product may take: the panel's own pages beside the editor's (products/new). */
const RESERVED_KEYS = new Set(['new']);

export type EditorOutcome =
  | { ok: true; key: string }
  | { ok: false; reason: 'invalid'; problems: EditorProblem[] }
  | { ok: false; reason: 'not-found' | 'stale' | 'ordered' };

/** A file sent with the form, by its field name (photo-0 …). */
export type UploadedFile = { name: string; bytes: Buffer };

type Refusal = Exclude<EditorOutcome, { ok: true }>;

class Refused extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.reason);
  }
}

const invalid = (problems: EditorProblem[]): Refusal => ({
  ok: false,
  reason: 'invalid',
  problems,
});

/** The uploads the draft names, made safe, or the problems of those that are not pictures. */
async function processUploads(
  draft: ProductDraft,
  files: ReadonlyMap<string, UploadedFile>,
): Promise<{ pictures: Map<string, ProcessedPicture>; problems: EditorProblem[] }> {
  const pictures = new Map<string, ProcessedPicture>();
  const problems: EditorProblem[] = [];
  for (const [index, photo] of draft.photos.entries()) {
    if (!('upload' in photo)) continue;
    const file = files.get(photo.upload);
    if (!file) {
      problems.push({ field: `photos.${index}`, key: 'malformed' });
      continue;
    }
    const result = await processPicture(file, 'product');
    if (result.ok) pictures.set(photo.upload, result.picture);
    else problems.push({ field: `photos.${index}`, ...result.problem });
  }
  return { pictures, problems };
}

function photoPath(key: string, picture: ProcessedPicture): string {
  return `products/${key}/${picture.hash}.jpg`;
}

/**
 * Creates (`key` null) or saves the product `key` from the editor's `input` and `files`. Refuses,
 * writing nothing: bad input (each problem named), a product changed meanwhile (`stale`: its
 * version, or the stock an order took since the form was loaded), an unknown key.
 */
export async function saveProduct(request: {
  key: string | null;
  input: unknown;
  files: ReadonlyMap<string, UploadedFile>;
  admin: Admin;
}): Promise<EditorOutcome> {
  const checked = checkProductInput(request.input);
  if (!checked.ok) return invalid(checked.problems);
  const { draft, version } = checked;
  const { pictures, problems } = await processUploads(draft, request.files);
  if (problems.length > 0) return invalid(problems);

  const records = await listAllProductRecords();
  const known = request.key ? records.find((record) => record.key === request.key) : null;
  if (request.key && !known) return { ok: false, reason: 'not-found' };
  // Photos it has keep their objects; an unknown path is not one of its photos.
  const ownPaths = new Set(known?.photos.map((photo) => photo.path) ?? []);
  const badPath = draft.photos.findIndex((photo) => 'path' in photo && !ownPaths.has(photo.path));
  if (badPath >= 0) return invalid([{ field: `photos.${badPath}`, key: 'malformed' }]);

  const folder = request.key ?? productKeyOf(draft.title['pt-BR']);
  const photos: StoredPhoto[] = draft.photos.map((photo) => {
    if ('path' in photo) {
      const own = known!.photos.find((candidate) => candidate.path === photo.path)!;
      return { ...own, alt: photo.alt };
    }
    const picture = pictures.get(photo.upload)!;
    return {
      path: photoPath(folder, picture),
      width: picture.width,
      height: picture.height,
      alt: photo.alt,
    };
  });
  const written: string[] = [];
  try {
    for (const [index, photo] of draft.photos.entries()) {
      if (!('upload' in photo)) continue;
      const path = photos[index]!.path;
      if (ownPaths.has(path) || written.includes(path)) continue;
      const picture = pictures.get(photo.upload)!;
      await saveObject(path, picture.bytes, picture.contentType);
      written.push(path);
    }
    const nextPosition = Math.max(0, ...records.map((record) => record.position)) + 1;
    const saved = await commitProduct(request, draft, version, photos, nextPosition);
    // Photos the product no longer shows: their objects go (named by content, never reused).
    const kept = new Set(photos.map((photo) => photo.path));
    for (const path of ownPaths) if (!kept.has(path)) await deleteQuietly(path);
    catalogueChangedHere();
    revalidateStorefront(request.key ? [request.key, saved] : [saved], {
      sitemap: true,
      inAnswer: false,
    });
    return { ok: true, key: saved };
  } catch (error) {
    for (const path of written) await deleteQuietly(path);
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

async function deleteQuietly(path: string): Promise<void> {
  try {
    await deleteObject(path);
  } catch (error) {
    logFailure('backend.failed', error, { what: 'media.delete', path }, 'warn');
  }
}

/** The one transaction of a save; throws Refused for what it refuses. Resolves to the key. */
function commitProduct(
  request: { key: string | null; admin: Admin },
  draft: ProductDraft,
  version: number | undefined,
  photos: StoredPhoto[],
  nextPosition: number,
): Promise<string> {
  return runTransaction(async (transaction) => {
    // Reads first (Firestore's rule), then the writes.
    const current = request.key ? await readProductInTransaction(transaction, request.key) : null;
    if (request.key && !current) throw new Refused({ ok: false, reason: 'not-found' });
    if (current && current.version !== version) {
      throw new Refused({ ok: false, reason: 'stale' });
    }
    const before = current?.record ?? null;
    const ordered = before
      ? before.ordered || (await hasOrdersFor(transaction, before.key))
      : false;
    const wanted = productKeyOf(draft.title['pt-BR']);
    if (!wanted) throw new Refused(invalid([{ field: 'title.pt-BR', key: 'keyEmpty' }]));
    // The key follows the pt-BR name until the product is first ordered.
    const key = before && ordered ? before.key : wanted;
    if (
      RESERVED_KEYS.has(key) ||
      (key !== before?.key && !(await isKeyFreeInTransaction(transaction, key, before?.key)))
    ) {
      throw new Refused(invalid([{ field: 'title.pt-BR', key: 'keyTaken', values: { key } }]));
    }
    const read = before ? await readInventoryInTransaction(transaction, before) : null;
    const liveBefore: LiveState | null = read?.live ?? null;
    if (
      liveBefore &&
      draft.expectedStock !== undefined &&
      liveBefore.stock !== draft.expectedStock &&
      liveBefore.stock !== draft.stock
    ) {
      throw new Refused(
        invalid([{ field: 'stock', key: 'stockStale', values: { stock: liveBefore.stock } }]),
      );
    }
    const record: ProductRecord = {
      key,
      position: before?.position ?? nextPosition,
      category: draft.category,
      type: draft.type,
      title: draft.title,
      subtitle: draft.subtitle,
      description: draft.description,
      price: draft.price,
      weight: draft.weight,
      ingredients: draft.ingredients,
      allergens: draft.allergens,
      isOrganic: draft.isOrganic,
      isPromoted: before?.isPromoted ?? draft.isPromoted,
      photos,
      drawings: before?.drawings ?? [],
      archived: before?.archived ?? false,
      formerKeys:
        before && key !== before.key
          ? [...new Set([...before.formerKeys, before.key])].filter((old) => old !== key)
          : (before?.formerKeys ?? []),
      ordered,
    };
    const live: LiveState = {
      stock: draft.stock,
      availableForSale: draft.availableForSale,
      showInStore: draft.showInStore,
      isPromoted: draft.isPromoted,
    };
    if (before && key !== before.key) {
      deleteProductInTransaction(transaction, before.key);
      deleteInventoryInTransaction(transaction, before.key, read!.stored);
    }
    writeProductInTransaction(transaction, record, (current?.version ?? 0) + 1);
    setInventoryInTransaction(transaction, key, live, key === before?.key ? read!.stored : null);
    recordChangeInTransaction(transaction, {
      productKey: key,
      by: request.admin,
      action: before ? 'updated' : 'created',
      changes: describeChanges(before && liveBefore ? { record: before, live: liveBefore } : null, {
        record,
        live,
      }),
    });
    return key;
  });
}

/**
 * Archives the product `key` (out of the shop for good, its page saying so) or brings it back.
 * A product is archived rather than deleted once it has orders.
 */
export async function setProductArchived(
  key: string,
  archived: boolean,
  admin: Admin,
): Promise<EditorOutcome> {
  const outcome = await runTransaction(async (transaction): Promise<EditorOutcome> => {
    const current = await readProductInTransaction(transaction, key);
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.record.archived === archived) return { ok: true, key };
    const { live } = await readInventoryInTransaction(transaction, current.record);
    const record = { ...current.record, archived };
    writeProductInTransaction(transaction, record, current.version + 1);
    recordChangeInTransaction(transaction, {
      productKey: key,
      by: admin,
      action: archived ? 'archived' : 'restored',
      changes: describeChanges({ record: current.record, live }, { record, live }),
    });
    return { ok: true, key };
  });
  if (outcome.ok) {
    catalogueChangedHere();
    revalidateStorefront([key], { sitemap: true, inAnswer: false });
  }
  return outcome;
}

/**
 * Deletes the product `key` with its inventory and pictures: only one that was never ordered
 * ('ordered' otherwise: archive it instead).
 */
export async function deleteProduct(key: string, admin: Admin): Promise<EditorOutcome> {
  const outcome = await runTransaction(
    async (transaction): Promise<EditorOutcome & { photos?: string[] }> => {
      const current = await readProductInTransaction(transaction, key);
      if (!current) return { ok: false, reason: 'not-found' };
      if (current.record.ordered || (await hasOrdersFor(transaction, key))) {
        return { ok: false, reason: 'ordered' };
      }
      const { live, stored } = await readInventoryInTransaction(transaction, current.record);
      deleteProductInTransaction(transaction, key);
      deleteInventoryInTransaction(transaction, key, stored);
      recordChangeInTransaction(transaction, {
        productKey: key,
        by: admin,
        action: 'deleted',
        changes: describeChanges(
          { record: current.record, live },
          {
            record: { ...current.record, archived: true },
            live,
          },
        ),
      });
      return { ok: true, key, photos: current.record.photos.map((photo) => photo.path) };
    },
  );
  if (!outcome.ok) return outcome;
  for (const path of outcome.photos ?? []) await deleteQuietly(path);
  catalogueChangedHere();
  revalidateStorefront([key], { sitemap: true, inAnswer: false });
  return { ok: true, key };
}
