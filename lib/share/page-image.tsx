import 'server-only';

import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { routing } from '@/lib/i18n/routing';

import {
  renderShareCard,
  SHARE_IMAGE_ALT,
  SHARE_IMAGE_SIZE,
  SHARE_IMAGE_TYPE,
  type ShareCard,
} from './share-card';

// What the opengraph-image.tsx of a page whose only dynamic segment is the locale exports: the
// fields Next reads of a metadata image, one picture per locale built at build time, and
// (localeShareImage) its default export.

export const size = SHARE_IMAGE_SIZE;
export const contentType = SHARE_IMAGE_TYPE;
export const alt = SHARE_IMAGE_ALT;

export function generateStaticParams(): { locale: string }[] {
  return routing.locales.map((locale) => ({ locale }));
}

/**
 * The picture: the shop's name over `titleKey` of the Metadata messages, in the page's locale
 * (the default one for an unknown locale).
 */
export function localeShareImage(
  titleKey: 'shareTitle' | 'clubTitle' | 'privacyTitle' | 'termsTitle',
  artwork?: ShareCard['artwork'],
) {
  return async function Image({ params }: { params: Promise<{ locale: string }> }) {
    const { locale: requested } = await params;
    const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
    const t = await getTranslations({ locale, namespace: 'Metadata' });
    return renderShareCard({ eyebrow: t('siteName'), title: t(titleKey), artwork });
  };
}
