import 'server-only';

import { revalidatePath, revalidateTag } from 'next/cache';

import { afterResponse } from '@/lib/after-response';
import { productPageLink } from '@/lib/catalogue/product';
import { INVENTORY_CACHE_TAG } from '@/lib/inventory/repository';
import { locales } from '@/lib/i18n/locales';

// What the panel's actions invalidate, and nothing more. An invalidation made while an action
// runs makes Next render the admin's whole page again inside the action's answer (and drops the
// admin's browser's cached pages); one made after the answer costs the admin nothing. The
// storefront pages it names regenerate on their next visit. The panel's own pages are rendered
// per request (`dynamic = 'force-dynamic'`) and the status editor updates its card from the
// action's answer, so no panel page is ever invalidated.

/**
 * How long after a stock change its pages are invalidated a second time. A regeneration of the
 * landing page that read Firestore just before the write, and is stored just after the first
 * invalidation, would otherwise count as fresh and hide the change until the time-based
 * revalidation (60 s). Regenerations take well under this.
 */
export const REGENERATION_SETTLE_MS = 1_000;

/** The storefront paths that show these products: both landing pages and their own pages. */
function storefrontPaths(
  productKeys: readonly string[],
  options: { sitemap: boolean; landing?: boolean },
): string[] {
  const paths = new Set<string>();
  if (options.landing) for (const locale of locales) paths.add(`/${locale}`);
  for (const key of productKeys) {
    for (const locale of locales) {
      paths.add(`/${locale}`);
      paths.add(`/${locale}${productPageLink(key)}`);
    }
  }
  // The sitemap lists only the products shown in the shop.
  if (options.sitemap && paths.size > 0) paths.add('/sitemap.xml');
  return [...paths];
}

/**
 * Invalidates the storefront pages of products whose stock or flags changed and the cached
 * inventory reads (INVENTORY_CACHE_TAG: the menu search's hidden products), and once more
 * REGENERATION_SETTLE_MS later, after the answer, so the admin never waits for it. `inAnswer`:
 * the first invalidation is made while the action runs (a stock save: the admin's page and
 * browser then show the change at once); otherwise right after the answer (a cancellation that
 * returned units: the admin's page need not be rendered again for it).
 */
export function revalidateStorefront(
  productKeys: readonly string[],
  options: { sitemap: boolean; inAnswer: boolean; landing?: boolean },
): void {
  const paths = storefrontPaths(productKeys, options);
  if (paths.length === 0) return;
  const invalidate = () => {
    for (const path of paths) revalidatePath(path);
    // Expired at once, not stale-while-revalidate: the next read is fresh, so the menu search
    // leaves a product out right after the admin hides it.
    revalidateTag(INVENTORY_CACHE_TAG, { expire: 0 });
  };
  if (options.inAnswer) invalidate();
  afterResponse(async () => {
    if (!options.inAnswer) invalidate();
    await new Promise((resolve) => setTimeout(resolve, REGENERATION_SETTLE_MS));
    invalidate();
  });
}
