import type { MetadataRoute } from 'next';
import { products } from '@/lib/catalogue';
import { expertiseAreas } from '@/lib/content';
import { locales } from '@/lib/i18n/routing';
import { localeAlternates, SITE_URL } from '@/lib/site';

/** Every localized page, each with its hreflang alternates. */
export default function sitemap(): MetadataRoute.Sitemap {
  const paths: { path: string; priority: number }[] = [
    { path: '', priority: 1 },
    ...products.map((product) => ({ path: product.pageLink, priority: 0.8 })),
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
