import { getTranslations } from 'next-intl/server';

import { formatPrice } from '@/lib/catalogue/format';
import type { Compared, Dashboard, ProductFigure } from '@/lib/dashboard/home';
import { formatDeliveryDay } from '@/lib/delivery/table';
import type { AppLocale } from '@/lib/i18n/routing';

import { ChartFigure, tableClass } from './chart-figure';
import { ColumnChart } from './column-chart';
import { RankingChart } from './ranking-chart';

type Props = { dashboard: Dashboard; locale: AppLocale };

/** Reais for the panel: a negative total (more cancelled than sold) shows as minus. */
function money(amount: number): string {
  return amount < 0 ? `-${formatPrice(-amount)}` : formatPrice(amount);
}

async function Tile({ id, label, figures }: { id: string; label: string; figures: Compared }) {
  const t = await getTranslations('Dashboard');
  const change = figures.revenueChange;
  return (
    <section
      aria-labelledby={`${id}-label`}
      data-testid={id}
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-cacao-900"
    >
      <h3
        id={`${id}-label`}
        className="text-sm font-semibold tracking-wide text-cacao-700 uppercase dark:text-cacao-200"
      >
        {label}
      </h3>
      <p className="mt-2 text-3xl font-bold" data-testid={`${id}-revenue`}>
        {money(figures.now.revenue)}
      </p>
      <p className="mt-1" data-testid={`${id}-orders`}>
        {t('orders', { count: figures.now.orders })}
      </p>
      <p className="mt-1 text-sm" data-testid={`${id}-change`}>
        {change === null
          ? t('noComparison')
          : t(change > 0 ? 'changeUp' : 'change', { percent: change })}
      </p>
      <p className="mt-1 text-sm text-cacao-700 dark:text-cacao-200" data-testid={`${id}-fees`}>
        {t('feesAndDiscounts', {
          fees: money(figures.now.fees),
          discounts: money(figures.now.discounts),
        })}
      </p>
    </section>
  );
}

async function TopChart({
  id,
  title,
  items,
  by,
}: {
  id: string;
  title: string;
  items: ProductFigure[];
  by: 'units' | 'revenue';
}) {
  const t = await getTranslations('Dashboard');
  const first = items[0];
  const summary = first
    ? t('topSummary', { title: first.title, units: first.units, revenue: money(first.revenue) })
    : t('topEmpty');
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={summary}
      tableLabel={t('showTable')}
      chart={
        <RankingChart
          id={id}
          title={title}
          summary={summary}
          items={items.map((item) => ({
            label: item.title,
            value: by === 'units' ? item.units : item.revenue,
            valueText: by === 'units' ? String(item.units) : money(item.revenue),
          }))}
        />
      }
      table={
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col">{t('productColumn')}</th>
              <th scope="col">{t('unitsColumn')}</th>
              <th scope="col">{t('revenueColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key}>
                <th scope="row" className="font-normal">
                  {item.title}
                </th>
                <td>{item.units}</td>
                <td>{money(item.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Sales: today and the week against the week before, the 30 days, the best sellers. */
export async function SalesSection({ dashboard, locale }: Props) {
  const t = await getTranslations('Dashboard');
  const { days, month } = dashboard;
  const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top), days[0]!);
  const dailySummary =
    month.orders === 0 && month.revenue === 0
      ? t('dailySummaryEmpty')
      : t('dailySummary', {
          orders: t('orders', { count: month.orders }),
          revenue: money(month.revenue),
          fees: money(month.fees),
          discounts: money(month.discounts),
          bestDay: formatDeliveryDay(best.day, locale),
          bestRevenue: money(best.revenue),
        });
  return (
    <>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Tile id="dashboard-today" label={t('today')} figures={dashboard.day} />
        <Tile id="dashboard-week" label={t('week')} figures={dashboard.week} />
      </div>
      <div className="mt-6">
        <ChartFigure
          id="dashboard-daily"
          title={t('dailyTitle')}
          summary={dailySummary}
          tableLabel={t('showTable')}
          chart={
            <ColumnChart
              id="dashboard-daily"
              title={t('dailyTitle')}
              summary={dailySummary}
              labelEvery={5}
              columns={days.map((day) => ({
                label: String(Number(day.day.slice(8))),
                value: day.revenue,
              }))}
            />
          }
          table={
            <table className={tableClass}>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('ordersColumn')}</th>
                  <th scope="col">{t('revenueColumn')}</th>
                  <th scope="col">{t('feesColumn')}</th>
                  <th scope="col">{t('discountsColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day} data-day={day.day}>
                    <th scope="row" className="font-normal">
                      {formatDeliveryDay(day.day, locale)}
                    </th>
                    <td>{day.orders}</td>
                    <td>{money(day.revenue)}</td>
                    <td>{money(day.fees)}</td>
                    <td>{money(day.discounts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <TopChart
          id="dashboard-top-units"
          title={t('topUnitsTitle')}
          items={dashboard.topByUnits}
          by="units"
        />
        <TopChart
          id="dashboard-top-revenue"
          title={t('topRevenueTitle')}
          items={dashboard.topByRevenue}
          by="revenue"
        />
      </div>
    </>
  );
}
