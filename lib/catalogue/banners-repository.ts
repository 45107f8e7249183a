import 'server-only';

import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';

import { getAdminDb, shopPath } from '@/lib/firebase/admin';
import { runtimeEnv } from '@/lib/public-env';

import { BANNER_LINK_PATTERN, BANNER_SLOTS, EMPTY_BANNER, type StoredBanner } from './banners';
import { storefrontRevision, bumpStorefrontRevision } from './revision';

// The landing's banners as set in the panel (settings/banners: one entry per slot). Like the
// products, each server process keeps them while the storefront's revision stays the same; a
// change is written with the revision, so every instance's landing follows within a second.

function bannersDoc() {
  return getAdminDb().doc(`${shopPath()}/settings/banners`);
}

const localized = z.object({ 'pt-BR': z.string().trim().min(1), en: z.string().trim().min(1) });

const bannerSchema = z
  .object({
    photo: z
      .object({
        path: z.string().min(1),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        alt: z.object({ 'pt-BR': z.string(), en: z.string() }),
      })
      .nullable()
      .catch(null),
    title: localized.nullable().catch(null),
    subtitle: localized.nullable().catch(null),
    link: z.string().regex(BANNER_LINK_PATTERN).nullable().catch(null),
  })
  .catch(EMPTY_BANNER);

/** The four slots from the stored document (a missing or unreadable slot keeps the defaults). */
function parseBanners(data: Record<string, unknown> | undefined): StoredBanner[] {
  const slots = Array.isArray(data?.slots) ? (data.slots as unknown[]) : [];
  return BANNER_SLOTS.map((_, index) => bannerSchema.parse(slots[index] ?? EMPTY_BANNER));
}

type Cache = { revision: number; banners: Promise<StoredBanner[]> } | null;
const holder = ((globalThis as { __shopBanners?: { cache: Cache } }).__shopBanners ??= {
  cache: null,
});

/**
 * The four banners as stored, defaults where none is set; during `next build` (no Firestore),
 * the defaults. Kept per process while the storefront's revision stays the same.
 */
export async function getStoredBanners(): Promise<StoredBanner[]> {
  if (runtimeEnv('NEXT_PHASE') === 'phase-production-build') {
    return BANNER_SLOTS.map(() => EMPTY_BANNER);
  }
  const { revision } = await storefrontRevision();
  if (holder.cache?.revision === revision) return holder.cache.banners;
  const banners = bannersDoc()
    .get()
    .then((snapshot) => parseBanners(snapshot.data()));
  const entry = { revision, banners };
  holder.cache = entry;
  banners.catch(() => {
    if (holder.cache === entry) holder.cache = null;
  });
  return banners;
}

/** Inside `transaction`, the four banners as stored now, with the document's version. */
export async function readBannersInTransaction(
  transaction: Transaction,
): Promise<{ banners: StoredBanner[]; version: number }> {
  const snapshot = await transaction.get(bannersDoc());
  const version: unknown = snapshot.get('version');
  return {
    banners: parseBanners(snapshot.data()),
    version: typeof version === 'number' ? version : 0,
  };
}

/** Inside `transaction`, stores the four banners at `version`, and moves the revision. */
export function writeBannersInTransaction(
  transaction: Transaction,
  banners: StoredBanner[],
  version: number,
): void {
  transaction.set(bannersDoc(), {
    slots: banners,
    version,
    updatedAt: FieldValue.serverTimestamp(),
  });
  bumpStorefrontRevision(transaction);
}

/** After a change made here: the next read asks Firestore. */
export function forgetBanners(): void {
  holder.cache = null;
}

/** The four banners as stored now, with the document's version (the panel's form). */
export async function readBannersForEditor(): Promise<{
  banners: StoredBanner[];
  version: number;
}> {
  const snapshot = await bannersDoc().get();
  const version: unknown = snapshot.get('version');
  return {
    banners: parseBanners(snapshot.data()),
    version: typeof version === 'number' ? version : 0,
  };
}
