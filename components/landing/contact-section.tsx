import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { AddressText } from '@/components/ui/address-text';
import { SectionHeading } from '@/components/ui/section-heading';
import { formatShopAddress, openingHoursText, SHOP, whatsappLink } from '@/lib/shop';

/** One card of the contact list: a term and what the shop answers to it. */
function ContactCard(props: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-cacao-900">
      <dt className="text-sm font-semibold text-muted uppercase">{props.term}</dt>
      <dd className={`mt-2 ${props.className ?? ''}`.trim()}>{props.children}</dd>
    </div>
  );
}

export async function ContactSection() {
  const t = await getTranslations('Contact');
  return (
    <section
      id="contato"
      aria-labelledby="contato-title"
      className="px-6 py-12 render-when-near [--near-size:45rem] sm:py-16 sm:[--near-size:25rem]"
    >
      <div className="mx-auto max-w-4xl">
        <SectionHeading id="contato-title" title={t('title')}>
          <p>{t('intro')}</p>
        </SectionHeading>
        <dl className="grid gap-6 sm:grid-cols-3">
          <ContactCard term={t('phone')} className="space-y-2">
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
          </ContactCard>
          <ContactCard term={t('hours')}>
            {openingHoursText((days) => t('weekdays', days)).map((line, i) => (
              <p key={line} className={i === 0 ? 'font-semibold' : undefined}>
                {line}
              </p>
            ))}
          </ContactCard>
          <ContactCard term={t('address')}>
            <address className="not-italic">
              <AddressText text={formatShopAddress()} />
            </address>
          </ContactCard>
        </dl>
      </div>
    </section>
  );
}
