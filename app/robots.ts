import type { MetadataRoute } from 'next';
import { SITE_URL } from '@/lib/site';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      // Personal and admin pages are useless to crawlers.
      disallow: ['/api/', '/*/checkout', '/*/usuario', '/*/control-panel'],
    },
    sitemap: `${SITE_URL}/sitemap.xml`,
  };
}
