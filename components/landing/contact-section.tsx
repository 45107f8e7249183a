import { getTranslations } from 'next-intl/server';
import { AddressText } from '@/components/ui/address-text';
import { SectionHeading } from '@/components/ui/section-heading';
import { formatShopAddress, SHOP, whatsappLink } from '@/lib/shop';

export async function ContactSection() {
  const t = await getTranslations('Contact');
  return (
    <section
      id="contato"
      aria-labelledby="contato-title"
      className="px-6 py-16 render-when-near [--near-size:45rem] sm:[--near-size:25rem]"
    >
      <div className="mx-auto max-w-4xl">
        <SectionHeading id="contato-title" title={t('title')}>
          <p>{t('intro')}</p>
        </SectionHeading>
        <dl className="grid gap-6 sm:grid-cols-3">
          <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-cacao-900">
            <dt className="text-sm font-semibold text-muted uppercase">{t('phone')}</dt>
            <dd className="mt-2 space-y-2">
              <a
                href={`tel:${SHOP.phone.e164}`}
                className="block text-lg font-semibold hover:underline"
                aria-label={`${t('call')}: ${SHOP.phone.display}`}
              >
                {SHOP.phone.display}
              </a>
              <a
                href={whatsappLink()}
                target="_blank"
                rel="noopener noreferrer"
                className="block text-sm font-semibold text-leaf hover:underline"
              >
                {t('whatsapp')}
              </a>
            </dd>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-cacao-900">
            <dt className="text-sm font-semibold text-muted uppercase">{t('hours')}</dt>
            <dd className="mt-2">
              <p className="font-semibold">{t('weekdays')}</p>
              <p>{t('morning')}</p>
              <p>{t('afternoon')}</p>
            </dd>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-cacao-900">
            <dt className="text-sm font-semibold text-muted uppercase">{t('address')}</dt>
            <dd className="mt-2">
              <address className="not-italic">
                <AddressText text={formatShopAddress()} />
              </address>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
