import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { BannerForm } from '@/components/control-panel/banner-form';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { BANNER_SLOTS, DEFAULT_BANNER_LINK, defaultBanner } from '@/lib/catalogue/banners';
import { readBannersForEditor } from '@/lib/catalogue/banners-repository';
import { photoUrl } from '@/lib/catalogue/pictures';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

/** The landing's four banners in the panel, each with its own form. */
export default async function ControlPanelBannersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const stored = await withinBackendDeadline(readBannersForEditor(), 'readBannersForEditor');
  if (!stored) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.banners');
  const hero = {
    'pt-BR': await getTranslations({ locale: 'pt-BR', namespace: 'Hero' }),
    en: await getTranslations({ locale: 'en', namespace: 'Hero' }),
  };
  const messages = await getMessages();
  return (
    <section aria-labelledby="banners-title" className="mt-8">
      <h2 id="banners-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">{t('intro')}</p>
      <NextIntlClientProvider
        messages={{
          ControlPanel: { banners: messages.ControlPanel.banners },
          ProductEditor: messages.ProductEditor,
        }}
      >
        <div className="mt-6 flex flex-col gap-6">
          {BANNER_SLOTS.map((slot) => {
            const banner = stored.banners[slot - 1]!;
            const fallback = defaultBanner(slot);
            const caption = (part: 'title' | 'subtitle', language: AppLocale) =>
              banner[part]?.[language] ?? hero[language](`banners.${fallback.key}.${part}`);
            return (
              <BannerForm
                key={`${slot}:${stored.version}`}
                locale={locale}
                initial={{
                  slot,
                  version: stored.version,
                  title: { 'pt-BR': caption('title', 'pt-BR'), en: caption('title', 'en') },
                  subtitle: {
                    'pt-BR': caption('subtitle', 'pt-BR'),
                    en: caption('subtitle', 'en'),
                  },
                  link: banner.link ?? DEFAULT_BANNER_LINK,
                  picture: banner.photo
                    ? { src: photoUrl(banner.photo.path), kind: 'photo' }
                    : { src: fallback.imgSrc, kind: 'drawing' },
                }}
              />
            );
          })}
        </div>
      </NextIntlClientProvider>
    </section>
  );
}
