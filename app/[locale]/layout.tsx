import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { GlobalOverlays } from '@/components/layout/global-overlays';
import { Navbar } from '@/components/layout/navbar';
import { Splash } from '@/components/layout/splash';
import { VercelInsights } from '@/components/layout/vercel-insights';
import { SiteFooter } from '@/components/layout/site-footer';
import { ShopProviders } from '@/components/providers/shop-providers';
import { BOOT_SCRIPT, PAGE_END_ID } from '@/lib/boot-script';
import { catalogueEntries } from '@/lib/catalogue/client-entries';
import { toProduct } from '@/lib/catalogue/product';
import { listProductRecords } from '@/lib/catalogue/repository';
import { CLIENT_NAMESPACES, pickMessages } from '@/lib/i18n/client-messages';
import { routing } from '@/lib/i18n/routing';
import { FIRST_FRAME_CSS, STYLESHEET_HREF } from '@/lib/public-env';
import { localeAlternates, SITE_URL } from '@/lib/site';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

if (!STYLESHEET_HREF || !FIRST_FRAME_CSS) {
  throw new Error('No stylesheet: build with `npm run build` and develop with `npm run dev`');
}

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(SITE_URL),
    title: { default: t('title'), template: `%s | ${t('siteName')}` },
    description: t('description'),
    applicationName: t('siteName'),
    alternates: { canonical: `/${locale}`, languages: localeAlternates('') },
    openGraph: {
      type: 'website',
      siteName: t('siteName'),
      title: t('title'),
      description: t('description'),
      locale: locale === 'pt-BR' ? 'pt_BR' : 'en_US',
      url: `/${locale}`,
      // The picture is each segment's opengraph-image.tsx (a PNG built at build time).
    },
    twitter: { card: 'summary_large_image', title: t('title'), description: t('description') },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbf6f1' },
    { media: '(prefers-color-scheme: dark)', color: '#1e100a' },
  ],
};

/** The application shell: document, providers, global overlays, analytics. */
export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();
  const clientMessages = pickMessages(messages, CLIENT_NAMESPACES);
  const products = (await listProductRecords()).map((record) => toProduct(record));

  return (
    // data-scroll-behavior: Next turns the smooth scrolling of app/globals.css off while it moves
    // between pages, so a new page opens at its top at once; jumps within a page stay smooth.
    <html lang={locale} data-scroll-behavior="smooth" suppressHydrationWarning>
      <head>
        {/* Before the first paint: color mode, cookie banner, splash and layout flags on <html>,
            and when the first frame must wait for the whole page. */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* The first frame's CSS and the splash come before the page's stylesheet, which stops
            the parser but, linked here rather than in <head>, holds no frame (scripts/styles.mjs).
            A plain <link>: React would move one with a precedence into <head>. */}
        <style dangerouslySetInnerHTML={{ __html: FIRST_FRAME_CSS }} />
        <Splash />
        <link rel="stylesheet" href={STYLESHEET_HREF} />
        <NextIntlClientProvider messages={clientMessages}>
          <ShopProviders entries={catalogueEntries(products, locale)}>
            <Navbar />
            <main id="content" className="flex-1">
              {children}
            </main>
            <SiteFooter />
            <GlobalOverlays />
          </ShopProviders>
        </NextIntlClientProvider>
        <div id={PAGE_END_ID} hidden />
        <VercelInsights />
      </body>
    </html>
  );
}
