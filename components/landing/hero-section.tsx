import { getLocale, getTranslations } from 'next-intl/server';
import { pictureProps } from '@/components/ui/picture-props';
import { ProductPicture } from '@/components/ui/product-picture';
import { BANNER_SLOTS, DEFAULT_BANNER_LINK, defaultBanner } from '@/lib/catalogue/banners';
import { getStoredBanners } from '@/lib/catalogue/banners-repository';
import { photoUrl } from '@/lib/catalogue/pictures';
import { Link } from '@/lib/i18n/navigation';
import { HeroBanners } from './hero-banners';

/** The banners' width: the page's 72rem from sm, the screen's below. */
const BANNER_SIZES = '(min-width: 1152px) 72rem, 100vw';

export async function HeroSection() {
  const locale = await getLocale();
  const t = await getTranslations('Hero');
  const meta = await getTranslations('Metadata');
  // What the owner set in the panel (/control-panel/banners) over the shop's defaults.
  const stored = await getStoredBanners();
  const banners = BANNER_SLOTS.map((slot) => {
    const fallback = defaultBanner(slot);
    const banner = stored[slot - 1]!;
    return {
      key: fallback.key,
      title: banner.title?.[locale] ?? t(`banners.${fallback.key}.title`),
      subtitle: banner.subtitle?.[locale] ?? t(`banners.${fallback.key}.subtitle`),
      link: banner.link ?? DEFAULT_BANNER_LINK,
      picture: pictureProps(
        banner.photo
          ? {
              src: photoUrl(banner.photo.path),
              width: banner.photo.width,
              height: banner.photo.height,
              alt: banner.photo.alt,
              kind: 'photo',
            }
          : {
              src: fallback.imgSrc,
              width: fallback.size.width,
              height: fallback.size.height,
              alt: { 'pt-BR': '', en: '' },
              kind: 'drawing',
            },
        '',
        BANNER_SIZES,
      ),
    };
  });
  const total = banners.length;
  return (
    <div id="inicio" className="pt-20 sm:px-6 sm:pt-24">
      {/* The page's one h1 on every viewport: the slides' titles are h2 and change. */}
      <h1 className="sr-only">{meta('title')}</h1>
      <HeroBanners
        slides={banners.map((banner, index) => ({
          key: banner.key,
          content: (
            <>
              <ProductPicture
                picture={banner.picture}
                // The first slide is the landing's LCP: fetched at once, ahead of everything.
                preload={index === 0}
                lowPriority={index > 0}
                // The slides' look is in app/globals.css (hero-*): four slides carried these
                // class strings twice, in the markup and in the payload.
                className="hero-picture"
              />
              <div className="hero-caption">
                <h2 className="hero-title">{banner.title}</h2>
                <p className="hero-subtitle">{banner.subtitle}</p>
                {banner.link.startsWith('#') ? (
                  <a href={banner.link} className="hero-cta">
                    {t('cta')}
                  </a>
                ) : (
                  <Link href={banner.link} className="hero-cta">
                    {t('cta')}
                  </Link>
                )}
              </div>
            </>
          ),
        }))}
        labels={{
          region: t('label'),
          previous: t('previous'),
          next: t('next'),
          pause: t('pause'),
          play: t('play'),
          slide: banners.map((_, index) => t('slideLabel', { current: index + 1, total })),
          goTo: banners.map((_, index) => t('goTo', { index: index + 1 })),
        }}
      />
    </div>
  );
}
