import type { MetadataRoute } from 'next';
import { expertiseAreas } from '@/lib/content';
import { locales } from '@/lib/i18n/routing';
import { getStorefrontProducts } from '@/lib/inventory/repository';
import { localeAlternates, SITE_URL } from '@/lib/site';

// Built from the catalogue and the live inventory (archived and hidden products are left out),
// regenerated at most every minute, on demand when an admin changes stock, and within seconds of
// a catalogue edit on every instance (lib/cache/storefront-cache-handler.mjs).
export const revalidate = 60;

/** Every localized page shown in the shop, each with its hreflang alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const shown = (await getStorefrontProducts()).filter((product) => product.showInStore);
  const paths: { path: string; priority: number }[] = [
    { path: '', priority: 1 },
    ...shown.map((product) => ({ path: product.pageLink, priority: 0.8 })),
    { path: '/clube', priority: 0.6 },
    { path: '/privacidade', priority: 0.2 },
    { path: '/termos-de-uso', priority: 0.2 },
    ...expertiseAreas.map((area) => ({ path: `/expertise/${area}`, priority: 0.3 })),
  ];
  return paths.flatMap(({ path, priority }) => {
    const { 'x-default': xDefault, ...languages } = localeAlternates(path);
    return locales.map((locale) => ({
      url: `${SITE_URL}/${locale}${path}`,
      changeFrequency: 'weekly' as const,
      priority,
      alternates: { languages: { ...languages, 'x-default': xDefault } },
    }));
  });
}
