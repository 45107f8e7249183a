import 'server-only';

import { refresh, revalidatePath } from 'next/cache';
import { after } from 'next/server';

import { getProduct } from '@/lib/catalogue';
import { locales } from '@/lib/i18n/locales';

// What the panel's actions invalidate, and nothing more: each invalidation makes Next render the
// admin's page again inside the action's answer, and makes the storefront pages it names
// regenerate on their next visit.

/**
 * The panel page the admin is on, sent back with the action's answer. Every panel page is
 * rendered per request (`dynamic = 'force-dynamic'`), so no cached copy of another panel page
 * or of a shopper's account page needs invalidating: they read Firestore on their next load.
 */
export function refreshPanelPage(): void {
  refresh();
}

/**
 * How long after a stock change its pages are invalidated a second time. A regeneration of the
 * landing page that read Firestore just before the write, and is stored just after the first
 * invalidation, would otherwise count as fresh and hide the change until the time-based
 * revalidation (60 s). Regenerations take well under this.
 */
export const REGENERATION_SETTLE_MS = 1_000;

/** The storefront paths that show these products: both landing pages and their own pages. */
export function storefrontPaths(
  productKeys: readonly string[],
  options: { sitemap: boolean },
): string[] {
  const paths = new Set<string>();
  for (const key of productKeys) {
    const product = getProduct(key);
    if (!product) continue;
    for (const locale of locales) {
      paths.add(`/${locale}`);
      paths.add(`/${locale}${product.pageLink}`);
    }
  }
  // The sitemap lists only the products shown in the shop.
  if (options.sitemap && paths.size > 0) paths.add('/sitemap.xml');
  return [...paths];
}

/**
 * Invalidates the storefront pages of products whose stock or flags changed: now (applied when
 * the action answers, and the admin's browser drops its cached copies) and once more
 * REGENERATION_SETTLE_MS later, after the answer, so the admin never waits for it.
 */
export function revalidateStorefront(
  productKeys: readonly string[],
  options: { sitemap: boolean },
): void {
  const paths = storefrontPaths(productKeys, options);
  if (paths.length === 0) return;
  for (const path of paths) revalidatePath(path);
  after(async () => {
    await new Promise((resolve) => setTimeout(resolve, REGENERATION_SETTLE_MS));
    for (const path of paths) revalidatePath(path);
  });
}
