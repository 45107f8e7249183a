import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';

import { CouponForm, CouponSwitch } from '@/components/control-panel/coupon-form';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { Price } from '@/components/ui/price';
import { formatPrice } from '@/lib/catalogue/format';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { listCoupons } from '@/lib/coupons/repository';
import { withinBackendDeadline } from '@/lib/deadline';
import { formatDeliveryDay } from '@/lib/delivery/table';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

/** The shop's coupons, with their uses, and the form for a new one. */
export default async function ControlPanelCouponsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The layout is not re-rendered between panel pages: each page checks on its own too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const coupons = await withinBackendDeadline(listCoupons(), 'listCoupons');
  if (!coupons) return <ServiceUnavailable />;
  const t = await getTranslations('ControlPanel.coupons');
  const messages = await getMessages();
  const day = (value: string | null) => (value ? formatDeliveryDay(value, locale) : '—');

  return (
    <section aria-labelledby="coupons-title" className="mt-8">
      <h2 id="coupons-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">{t('intro')}</p>
      <NextIntlClientProvider
        messages={{ ControlPanel: { coupons: messages.ControlPanel.coupons } }}
      >
        {coupons.length === 0 ? (
          <p className="mt-6">{t('none')}</p>
        ) : (
          <ul className="mt-6 flex flex-col gap-3" aria-label={t('listLabel')}>
            {coupons.map((coupon) => (
              <li
                key={coupon.code}
                data-coupon={coupon.code}
                className="rounded-xl border border-cacao-200 p-4 dark:border-cacao-800"
              >
                <p className="flex flex-wrap items-baseline gap-x-3 font-semibold">
                  <span className="font-mono text-lg">{coupon.code}</span>
                  <span>
                    {coupon.kind === 'percent' ? (
                      t('percentOff', { value: coupon.value })
                    ) : (
                      <>
                        <Price amount={coupon.value} /> {t('fixedOff')}
                      </>
                    )}
                  </span>
                  <span data-testid="coupon-state">{coupon.active ? t('on') : t('off')}</span>
                </p>
                <p className="text-sm text-cacao-700 dark:text-cacao-200">
                  {t('summary', {
                    minimum: formatPrice(coupon.minimum),
                    from: day(coupon.validFrom),
                    until: day(coupon.validUntil),
                    perAccount: coupon.usesPerAccount ?? 0,
                  })}
                  {coupon.firstOrderOnly ? ` ${t('firstOrderOnly')}` : ''}
                </p>
                <p data-testid="coupon-uses" className="text-sm">
                  {coupon.totalUses === null
                    ? t('usesNoLimit', { used: coupon.used })
                    : t('uses', { used: coupon.used, total: coupon.totalUses })}
                </p>
                <CouponSwitch code={coupon.code} active={coupon.active} />
              </li>
            ))}
          </ul>
        )}
        <CouponForm />
      </NextIntlClientProvider>
    </section>
  );
}
