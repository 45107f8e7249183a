import { getTranslations } from 'next-intl/server';

import { formatPrice } from '@/lib/catalogue/format';
import { APPROVAL_WAIT_HOURS, type Dashboard } from '@/lib/dashboard/home';
import { formatDeliveryDay } from '@/lib/delivery/table';
import { Link } from '@/lib/i18n/navigation';
import type { AppLocale } from '@/lib/i18n/routing';

import { ChartFigure, tableClass } from './chart-figure';
import { ColumnChart } from './column-chart';

type Props = { dashboard: Dashboard; locale: AppLocale };

const cardClass = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-cacao-900';
const linkClass = 'font-semibold underline underline-offset-4 inline-flex min-h-11 items-center';

async function RunningOut({ dashboard }: Pick<Props, 'dashboard'>) {
  const t = await getTranslations('Dashboard');
  return (
    <section
      aria-labelledby="dashboard-running-out-title"
      data-testid="dashboard-running-out"
      className={cardClass}
    >
      <h3 id="dashboard-running-out-title" className="text-lg font-semibold">
        {t('runningOutTitle')}
      </h3>
      {dashboard.runningOut.length === 0 ? (
        <p className="mt-2">{t('runningOutNone')}</p>
      ) : (
        <div
          className="mt-2 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-labelledby="dashboard-running-out-title"
        >
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col">{t('productColumn')}</th>
                <th scope="col">{t('leftColumn')}</th>
                <th scope="col">{t('weekColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.runningOut.map((product) => (
                <tr key={product.key}>
                  <th scope="row" className="font-normal">
                    {product.title}
                  </th>
                  <td>{product.stock <= 0 ? <strong>{t('soldOut')}</strong> : product.stock}</td>
                  <td>{product.weekUnits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Link href="/control-panel/stock" className={linkClass}>
        {t('stockLink')}
      </Link>
    </section>
  );
}

async function DeliveryDays({ dashboard, locale }: Props) {
  const t = await getTranslations('Dashboard');
  const { delivery } = dashboard;
  if (!delivery) {
    return (
      <section
        aria-labelledby="dashboard-delivery-title"
        data-testid="dashboard-delivery"
        className={cardClass}
      >
        <h3 id="dashboard-delivery-title" className="text-lg font-semibold">
          {t('deliveryTitle')}
        </h3>
        <p className="mt-2">{t('deliveryNone')}</p>
      </section>
    );
  }
  const full = delivery.days.filter((day) => day.booked >= delivery.capacity);
  const summary = t('deliverySummary', {
    days: delivery.days.length,
    booked: delivery.days.reduce((sum, day) => sum + day.booked, 0),
    places: delivery.days.length * delivery.capacity,
    full:
      full.length === 0
        ? t('deliveryNoneFull')
        : full.map((day) => formatDeliveryDay(day.day, locale)).join(', '),
  });
  return (
    <ChartFigure
      id="dashboard-delivery"
      title={t('deliveryTitle')}
      summary={summary}
      tableLabel={t('showTable')}
      chart={
        <ColumnChart
          id="dashboard-delivery"
          title={t('deliveryTitle')}
          summary={summary}
          capacity={delivery.capacity}
          labelEvery={delivery.days.length > 10 ? 3 : 1}
          fullLabel={t('full')}
          columns={delivery.days.map((day) => ({
            label: String(Number(day.day.slice(8))),
            value: day.booked,
            full: day.booked >= delivery.capacity,
          }))}
        />
      }
      table={
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('bookedColumn')}</th>
              <th scope="col">{t('capacityColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {delivery.days.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="font-normal">
                  {formatDeliveryDay(day.day, locale)}
                </th>
                <td>
                  {day.booked}
                  {day.booked >= delivery.capacity ? ` (${t('full')})` : ''}
                </td>
                <td>{delivery.capacity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

async function Club({ dashboard }: Pick<Props, 'dashboard'>) {
  const t = await getTranslations('Dashboard');
  const { club } = dashboard;
  const rows: [string, string, string][] = [
    ['active', t('clubActive'), String(club.active)],
    ['paused', t('clubPaused'), String(club.paused)],
    ['monthly', t('clubMonthly'), formatPrice(club.monthlyRevenue)],
    ['boxes', t('clubBoxes'), String(club.boxesThisMonth)],
  ];
  return (
    <section
      aria-labelledby="dashboard-club-title"
      data-testid="dashboard-club"
      className={cardClass}
    >
      <h3 id="dashboard-club-title" className="text-lg font-semibold">
        {t('clubTitle')}
      </h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt>{label}</dt>
            <dd className="text-right font-semibold" data-testid={`dashboard-club-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Link href="/control-panel/club" className={linkClass}>
        {t('clubTitle')}
      </Link>
    </section>
  );
}

async function Attention({ dashboard }: Pick<Props, 'dashboard'>) {
  const t = await getTranslations('Dashboard');
  const { attention } = dashboard;
  return (
    <section
      aria-labelledby="dashboard-attention-title"
      data-testid="dashboard-attention"
      className={cardClass}
    >
      <h3 id="dashboard-attention-title" className="text-lg font-semibold">
        {t('attentionTitle')}
      </h3>
      <ul className="mt-2 flex flex-col">
        <li>
          <Link href="/control-panel/orders" className={linkClass}>
            {t('attentionPayments', { count: attention.paymentsToReview })}
          </Link>
        </li>
        <li>
          <Link href="/control-panel/orders?status=awaitingApproval" className={linkClass}>
            {t('attentionWaiting', {
              count: attention.waitingApproval,
              hours: APPROVAL_WAIT_HOURS,
            })}
          </Link>
        </li>
        <li>
          <Link href="/control-panel/outbox" className={linkClass}>
            {t('attentionMails', { count: attention.failedMails })}
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** What to do next: stock running out, the days ahead, the club, what needs attention. */
export async function OperationsSection({ dashboard, locale }: Props) {
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <Attention dashboard={dashboard} />
      <RunningOut dashboard={dashboard} />
      <div className="lg:col-span-2">
        <DeliveryDays dashboard={dashboard} locale={locale} />
      </div>
      <Club dashboard={dashboard} />
    </div>
  );
}
