import type { MetadataRoute } from 'next';

import { SHOP } from '@/lib/shop';

/**
 * The web app manifest (/manifest.webmanifest). One file for both languages: start_url is the
 * bare root, which the proxy sends to the visitor's language; texts are in Portuguese, the
 * shop's main language.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: SHOP.name,
    short_name: 'Tropicais',
    description:
      'Ovos de Páscoa trufados, ovos com lascas e barras clássicas com cacau brasileiro.',
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#fbf6f1',
    theme_color: '#4a2a1b',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/apple-icon', sizes: '180x180', type: 'image/png', purpose: 'any' },
    ],
  };
}
