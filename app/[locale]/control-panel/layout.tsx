import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PanelNav } from '@/components/control-panel/panel-nav';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { getEnv } from '@/lib/env';
import type { AppLocale } from '@/lib/i18n/routing';

// Per request: who is asking decides everything here. Never prerendered or cached.
export const dynamic = 'force-dynamic';

type Props = { children: ReactNode; params: Promise<{ locale: AppLocale }> };

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ControlPanel' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * The control panel's frame. It renders only for an admin: a visitor without a valid session is
 * sent to sign in, a signed-in non-admin gets the 403 page (app/[locale]/forbidden.tsx). Each
 * page checks again (pages render in parallel with layouts, and layouts are not re-rendered on
 * navigation between pages), and so does every action. When the session cannot be checked
 * (a backend fault) it says 'temporarily unavailable'.
 */
export default async function ControlPanelLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const admin = await requireAdminPage(locale);
  // Auth or Firestore cannot answer: say so instead of the panel (its pages would say the same).
  if (!admin) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel');
  const tMail = await getTranslations('OrderEmail');
  // The outbox (what waits to be sent, and locally what was) exists wherever e-mail is set up.
  const outbox = getEnv().mail !== null;
  return (
    <section className="mx-auto max-w-6xl px-6 pt-28 pb-24">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-cacao-600 dark:text-cacao-300">
          {t('intro')} {t('signedInAs', { email: admin.email })}
        </p>
      </header>
      <PanelNav
        label={t('nav.label')}
        links={[
          { href: '/control-panel', label: t('nav.home') },
          { href: '/control-panel/orders', label: t('nav.orders') },
          { href: '/control-panel/products', label: t('nav.products') },
          { href: '/control-panel/stock', label: t('nav.stock') },
          { href: '/control-panel/banners', label: t('nav.banners') },
          { href: '/control-panel/delivery', label: t('nav.delivery') },
          { href: '/control-panel/club', label: t('nav.club') },
          { href: '/control-panel/coupons', label: t('nav.coupons') },
          ...(outbox
            ? [{ href: '/control-panel/outbox' as const, label: tMail('outboxNav') }]
            : []),
        ]}
      />
      {children}
    </section>
  );
}
