import { getTranslations } from 'next-intl/server';
import { SvgImage } from '@/components/ui/svg-image';
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
        slides={banners.map((banner, index) => ({
          key: banner.key,
          content: (
            <>
              <SvgImage
                src={banner.imgSrc}
                alt=""
                width={banner.size.width}
                height={banner.size.height}
                // The first slide is the landing's LCP: fetched at once, ahead of everything.
                {...(index === 0 ? { preload: true } : { fetchPriority: 'low' as const })}
                className="h-full w-full object-cover transition-opacity duration-700 group-data-[active=false]:opacity-0"
              />
              {/* On phones the text covers most of the picture, light artwork included: a darker
                  scrim keeps white text at 4.5:1 or more on every slide. */}
              <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/60 to-black/50 p-6 pb-14 group-data-[active=false]:invisible sm:from-black/70 sm:via-black/20 sm:to-transparent sm:p-10 sm:pb-16">
                <h2 className="text-2xl font-bold text-white drop-shadow sm:text-4xl">
                  {t(`banners.${banner.key}.title`)}
                </h2>
                <p className="mt-2 max-w-xl text-sm text-white/90 sm:text-lg">
                  {t(`banners.${banner.key}.subtitle`)}
                </p>
                <a
                  href="#chocolates"
                  className="mt-4 inline-flex w-fit rounded-full bg-gold-400 px-5 py-2 text-sm font-semibold text-cacao-950 hover:bg-gold-500"
                >
                  {t('cta')}
                </a>
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
