import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { MailSwitches } from '@/components/dashboard/mail-switches';
import { OperationsSection } from '@/components/dashboard/operations-section';
import { SalesSection } from '@/components/dashboard/sales-section';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { readDashboard } from '@/lib/dashboard/home';
import { readDashboardSettings } from '@/lib/dashboard/settings';
import { withinBackendDeadline } from '@/lib/deadline';
import { formatDeliveryDay } from '@/lib/delivery/table';
import type { AppLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The order list's parameters: a link made before the list moved to /control-panel/orders. */
const ORDER_LIST_PARAMS = ['q', 'status', 'shipping', 'after', 'before'];

/**
 * The panel's first page: the week's sales against the week before, the 30 days, the best
 * sellers, what runs out, the days ahead, the club and what needs attention (lib/dashboard/home.ts,
 * a bounded number of reads). Charts are SVG drawn here, each with its text equivalent.
 */
export default async function ControlPanelHomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Before anything is read: the layout's check does not protect a page rendered without it.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  // An old link to the order list (an e-mail sent before it moved): sent on there.
  const query = await searchParams;
  if (ORDER_LIST_PARAMS.some((name) => query[name] !== undefined)) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
        search.append(name, one);
      }
    }
    redirect(`/${locale}/control-panel/orders?${search.toString()}`);
  }
  const loaded = await withinBackendDeadline(
    Promise.all([readDashboard(locale), readDashboardSettings()]),
    'readDashboard',
  );
  if (!loaded) return <ServiceUnavailable />;
  const [dashboard, settings] = loaded;
  const t = await getTranslations('Dashboard');
  return (
    <section aria-labelledby="dashboard-title" className="mt-8">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-cacao-700 dark:text-cacao-200">
        {t('updated', { day: formatDeliveryDay(dashboard.today, locale, true) })}
      </p>
      <SalesSection dashboard={dashboard} locale={locale} />
      <OperationsSection dashboard={dashboard} locale={locale} />
      <div className="mt-6">
        <MailSwitches
          initial={settings}
          labels={{
            title: t('mailsTitle'),
            morningEmail: t('morningEmail'),
            lowStockEmail: t('lowStockEmail'),
            saved: t('mailsSaved'),
            unavailable: t('mailsUnavailable'),
          }}
        />
      </div>
    </section>
  );
}
