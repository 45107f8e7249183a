import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { AddToCart } from '@/components/cart/add-to-cart';
import { ShippingEstimate } from '@/components/delivery/shipping-estimate';
import { ProductDetails } from '@/components/product/product-details';
import { RestockAlert } from '@/components/product/restock-alert';
import { ProductJsonLd } from '@/components/product/product-json-ld';
import { getProduct, products } from '@/lib/catalogue';
import { getAvailability } from '@/lib/catalogue/availability';
import { getStorefrontProduct } from '@/lib/inventory/repository';
import { formatPrice } from '@/lib/catalogue/format';
import { routing, type AppLocale } from '@/lib/i18n/routing';
import { localeAlternates } from '@/lib/site';

type Props = { params: Promise<{ locale: AppLocale; key: string }> };

// Prerendered, then regenerated at most every minute (stock taken by orders) and on demand when
// an admin changes this product (lib/control-panel/actions.ts).
export const revalidate = 60;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) =>
    products.map((product) => ({ locale, key: product.key })),
  );
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, key } = await params;
  const product = getProduct(key);
  if (!product) return {};
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
      // The picture is ./opengraph-image.tsx (a PNG card with the artwork and price).
    },
    twitter: { card: 'summary_large_image', title, description },
  };
}

export default async function ProductPage({ params }: Props) {
  const { locale, key } = await params;
  setRequestLocale(locale);
  // The catalogue product with its live stock and flags (inventory/{key}).
  const product = await getStorefrontProduct(key);
  // A product the admin took out of the shop ('Na vitrine' off) has no page until it is back.
  if (!product?.showInStore) notFound();
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
              <RestockAlert
                productKey={product.key}
                soldOutInPage={availability === 'out-of-stock'}
              />
              {availability === 'unavailable' ? null : (
                <ShippingEstimate lines={[{ id: product.key, quantity: 1 }]} />
              )}
            </NextIntlClientProvider>
          </>
        }
      />
    </>
  );
}
