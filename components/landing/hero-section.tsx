import { getTranslations } from 'next-intl/server';
import { banners } from '@/lib/content';
import { HeroBanners } from './hero-banners';

export async function HeroSection() {
  const t = await getTranslations('Hero');
  const meta = await getTranslations('Metadata');
  const total = banners.length;
  return (
    <div id="inicio" className="pt-20 sm:px-6 sm:pt-24">
      {/* The page's one h1 on every viewport: the slides' titles are h2 and change. */}
      <h1 className="sr-only">{meta('title')}</h1>
      <HeroBanners
        slides={banners.map((banner) => ({
          key: banner.key,
          title: t(`banners.${banner.key}.title`),
          subtitle: t(`banners.${banner.key}.subtitle`),
          src: banner.imgSrc,
          width: banner.size.width,
          height: banner.size.height,
        }))}
        cta={{ label: t('cta'), href: '#chocolates' }}
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
