import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';

import { RestockUnsubscribe } from '@/components/product/restock-unsubscribe';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale }>;
  searchParams: Promise<{ token?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'RestockUnsubscribe' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The back-in-stock e-mail's unsubscribe link: a confirmation, so a mail scanner opening the link
 * changes nothing; the button ends every notice of that address (lib/restock/actions.ts).
 */
export default async function RestockUnsubscribePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  const t = await getTranslations('RestockUnsubscribe');
  const messages = await getMessages();
  return (
    <section className="mx-auto max-w-2xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-3">{t('intro')}</p>
      <NextIntlClientProvider messages={{ RestockUnsubscribe: messages.RestockUnsubscribe }}>
        <RestockUnsubscribe token={typeof token === 'string' ? token : ''} />
      </NextIntlClientProvider>
    </section>
  );
}
