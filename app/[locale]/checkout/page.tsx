import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutSummary } from '@/components/checkout/checkout-summary';
import type { AppLocale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: AppLocale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The checkout, reached from the shopping list. For now it shows the order reference and the
 * cart; delivery, payment and the order itself come with the checkout issue.
 */
export default async function CheckoutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Checkout');
  const messages = await getMessages();
  return (
    <section className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
      {/* Only this page's island needs these messages in the browser. */}
      <NextIntlClientProvider messages={{ Checkout: messages.Checkout }}>
        <CheckoutSummary />
      </NextIntlClientProvider>
    </section>
  );
}
