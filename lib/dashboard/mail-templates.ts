// The panel home's e-mails to the shop, in Portuguese like every notice to the shop
// (lib/mail/templates.ts), built from the messages files (namespace DashboardEmail). Pure.
import { formatPrice } from '@/lib/catalogue/format';
import { formatDeliveryDay } from '@/lib/delivery/table';
import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import type { MailMessage } from '@/lib/mail/templates';
import { SITE_URL } from '@/lib/site';

import type { Dashboard, Period } from './home';

const SHOP_LOCALE: AppLocale = 'pt-BR';

function change(t: ReturnType<typeof translator>, percent: number | null): string {
  return percent === null ? t('noComparison') : t('change', { percent });
}

function translator() {
  return translatorFor(SHOP_LOCALE, 'DashboardEmail');
}

function periodLine(t: ReturnType<typeof translator>, label: string, period: Period): string {
  return t('periodLine', {
    label,
    orders: period.orders,
    revenue: formatPrice(Math.max(0, period.revenue)),
    fees: formatPrice(Math.max(0, period.fees)),
    discounts: formatPrice(Math.max(0, period.discounts)),
  });
}

/** The morning summary of `dashboard` (read that morning): yesterday, the week, what to do. */
export function morningSummaryMail(dashboard: Dashboard, shopAddress: string): MailMessage {
  const t = translator();
  const yesterday = dashboard.days[dashboard.days.length - 2];
  const dayLabel = formatDeliveryDay(dashboard.today, SHOP_LOCALE, true);
  const lines = [
    t('intro', { day: dayLabel }),
    '',
    ...(yesterday ? [periodLine(t, t('yesterday'), yesterday)] : []),
    `${periodLine(t, t('week'), dashboard.week.now)} ${change(t, dashboard.week.revenueChange)}`,
    '',
    t('runningOutTitle'),
    ...(dashboard.runningOut.length === 0
      ? [t('runningOutNone')]
      : dashboard.runningOut.map((product) =>
          t('runningOutLine', {
            title: product.title,
            stock: product.stock,
            weekUnits: product.weekUnits,
          }),
        )),
    '',
    t('attentionTitle'),
    t('attentionLine', dashboard.attention),
    '',
    t('openPanel', { url: `${SITE_URL}/${SHOP_LOCALE}/control-panel` }),
  ];
  return {
    kind: 'shop-morning-summary',
    orderId: `morning-${dashboard.today}`,
    to: shopAddress,
    subject: t('subject', {
      day: dayLabel,
      orders: yesterday?.orders ?? 0,
      revenue: formatPrice(Math.max(0, yesterday?.revenue ?? 0)),
    }),
    text: lines.join('\n'),
  };
}

/** The products that just fell to the low-stock threshold, with a link to the stock page. */
export function lowStockMail(
  products: readonly { key: string; title: string; stock: number }[],
  shopAddress: string,
): MailMessage {
  const t = translator();
  return {
    kind: 'shop-low-stock',
    orderId: `low-stock-${products.map((product) => product.key).join('+')}`.slice(0, 200),
    to: shopAddress,
    subject: t('lowStockSubject', { titles: products.map((product) => product.title).join(', ') }),
    text: [
      t('lowStockIntro'),
      '',
      ...products.map((product) =>
        t('lowStockLine', { title: product.title, stock: product.stock }),
      ),
      '',
      t('openStock', { url: `${SITE_URL}/${SHOP_LOCALE}/control-panel/stock` }),
    ].join('\n'),
  };
}
