import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { AddToCart } from '@/components/cart/add-to-cart';
import { ProductDetails } from '@/components/product/product-details';
import { DeferredRestockAlert, DeferredShippingEstimate } from '@/components/product/product-forms';
import { ProductJsonLd } from '@/components/product/product-json-ld';
import { ProductUnavailable } from '@/components/product/product-unavailable';
import { getAvailability } from '@/lib/catalogue/availability';
import { formatPrice } from '@/lib/catalogue/format';
import { productPageLink } from '@/lib/catalogue/product';
import {
  findRenamedProduct,
  getProductRecord,
  listProductRecords,
} from '@/lib/catalogue/repository';
import { getStorefrontProduct } from '@/lib/inventory/repository';
import { routing, type AppLocale } from '@/lib/i18n/routing';
import { localeAlternates } from '@/lib/site';

type Props = { params: Promise<{ locale: AppLocale; key: string }> };

// Prerendered, then regenerated at most every minute (stock taken by orders), on demand when an
// admin changes stock, and within seconds of a catalogue edit on every instance (the page cache,
// lib/cache/storefront-cache-handler.mjs). A product added later is rendered on its first visit.
export const revalidate = 60;

export async function generateStaticParams() {
  const records = await listProductRecords();
  return routing.locales.flatMap((locale) =>
    records.map((record) => ({ locale, key: record.key })),
  );
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, key } = await params;
  const product = await getStorefrontProduct(key);
  if (!product?.showInStore) {
    const record = product ?? (await getProductRecord(key));
    if (!record) return {};
    const t = await getTranslations({ locale, namespace: 'ProductUnavailable' });
    return { title: t('metaTitle', { title: record.title[locale] }), robots: { index: false } };
  }
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const title = t('productTitle', {
    title: product.title[locale],
    price: formatPrice(product.price),
  });
  const description = `${product.subtitle[locale]} ${product.description[locale][0] ?? ''}`.trim();
  return {
    title,
    description,
    alternates: {
      canonical: `/${locale}${product.pageLink}`,
      languages: localeAlternates(product.pageLink),
    },
    openGraph: {
      type: 'website',
      title,
      description,
      url: `/${locale}${product.pageLink}`,
      locale: locale === 'pt-BR' ? 'pt_BR' : 'en_US',
      // The picture is ./opengraph-image.tsx (a PNG card with the picture and price).
    },
    twitter: { card: 'summary_large_image', title, description },
  };
}

export default async function ProductPage({ params }: Props) {
  const { locale, key } = await params;
  setRequestLocale(locale);
  // The product with its live stock and flags (inventory/{key}).
  const product = await getStorefrontProduct(key);
  if (!product) {
    // An old address of a renamed product leads to it.
    const renamed = await findRenamedProduct(key);
    if (renamed && !renamed.archived)
      permanentRedirect(`/${locale}${productPageLink(renamed.key)}`);
    const record = renamed ?? (await getProductRecord(key));
    if (!record) notFound();
    // Archived: its address says so and leads to the shop, rather than a bare 404.
    return <ProductUnavailable title={record.title[locale]} category={record.category} />;
  }
  // Taken out of the shop ('Na vitrine' off): the same, until it is back.
  if (!product.showInStore) {
    return <ProductUnavailable title={product.title[locale]} category={product.category} />;
  }
  const stock = product.stockQtty;
  const availability = getAvailability(product, stock);
  const messages = await getMessages();
  return (
    <>
      <ProductJsonLd product={product} locale={locale} availability={availability} />
      <ProductDetails
        product={product}
        availability={availability}
        stock={stock}
        action={
          <>
            <AddToCart product={product} stock={stock} size="large" />
            {/* Only these islands need these messages in the browser. */}
            <NextIntlClientProvider
              messages={{
                ShippingEstimate: messages.ShippingEstimate,
                RestockAlert: messages.RestockAlert,
              }}
            >
              <DeferredRestockAlert
                productKey={product.key}
                soldOutInPage={availability === 'out-of-stock'}
              />
              {availability === 'unavailable' ? null : (
                <DeferredShippingEstimate lines={[{ id: product.key, quantity: 1 }]} />
              )}
            </NextIntlClientProvider>
          </>
        }
      />
    </>
  );
}
