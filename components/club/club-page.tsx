import { getTranslations } from 'next-intl/server';
import { cardClass } from '@/components/ui/card';
import { JoinPlan } from './join-plan';
import { Price } from '@/components/ui/price';
import { toProduct } from '@/lib/catalogue/product';
import { listProductRecords } from '@/lib/catalogue/repository';
import { formatPrice } from '@/lib/catalogue/format';
import { type ClubPlan, type ClubSelection, pricePerBox } from '@/lib/club/config';
import { Link } from '@/lib/i18n/navigation';
import { loginPath } from '@/lib/session/return-path';
import type { AppLocale } from '@/lib/i18n/routing';
import { whatsappLink } from '@/lib/shop';

export const CLUB_FAQ = ['1', '2', '3', '4', '5'] as const;

type Props = {
  locale: AppLocale;
  plans: ClubPlan[];
  selection: ClubSelection;
};

/** 'YYYY-MM' as the month's name and year in `locale` ('novembro de 2026', 'November 2026'). */
function monthName(month: string, locale: AppLocale): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 2026, (monthNumber ?? 1) - 1, 15)));
}

/** The club page: the monthly box and this month's selection, the plans, the perks, Q&A. */
export async function ClubPage({ locale, plans, selection }: Props) {
  const t = await getTranslations('Club');
  const bars = Math.max(...plans.map((plan) => plan.barsPerBox));
  const bestDiscount = Math.max(...plans.map((plan) => plan.perks.easterDiscountPercent));
  const records = await listProductRecords();
  const selected = selection.productKeys.flatMap((key) => {
    const record = records.find((candidate) => candidate.key === key);
    return record ? [toProduct(record)] : [];
  });
  const join = (plan: ClubPlan) => {
    const name = plan.name[locale];
    return (
      <JoinPlan
        plan={plan.key}
        locale={locale}
        whatsappHref={whatsappLink(t('joinWhatsappText', { plan: name }))}
        signInHref={loginPath(locale, `/${locale}/clube`)}
        labels={{
          join: t('join', { plan: name }),
          joining: t('joining'),
          whatsapp: t('joinWhatsapp', { plan: name }),
          signIn: t('joinSignIn'),
          signInLink: t('joinSignInLink'),
          already: t('joinAlready'),
          byWhatsapp: t('joinByWhatsapp'),
          unavailable: t('joinUnavailable'),
        }}
      />
    );
  };

  return (
    <article className="mx-auto max-w-5xl px-6 pt-28 pb-16">
      <header className="mb-12 max-w-3xl">
        <p className="text-sm font-semibold text-muted uppercase">{t('eyebrow')}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-cacao-700 dark:text-cacao-200">{t('intro', { bars })}</p>
      </header>

      <section aria-labelledby="club-box" className="mb-14">
        <h2 id="club-box" className="mb-3 text-2xl font-bold">
          {t('boxTitle')}
        </h2>
        <p className="mb-6 text-cacao-700 dark:text-cacao-200">{t('boxText', { bars })}</p>
        <div className={cardClass} data-testid="club-selection">
          <h3 className="text-xl font-semibold">
            {t('selectionTitle', { month: monthName(selection.month, locale) })}:{' '}
            {selection.theme[locale]}
          </h3>
          <p className="mt-1 mb-4 text-cacao-700 dark:text-cacao-200">{selection.note[locale]}</p>
          <ul className="grid gap-3 sm:grid-cols-3">
            {selected.map((product) => (
              <li key={product.key}>
                <Link
                  href={product.pageLink}
                  className="block rounded-xl border border-cacao-200 px-4 py-3 font-medium hover:bg-cacao-100 dark:border-cacao-700 dark:hover:bg-cacao-800"
                >
                  {product.title[locale]}
                  <span className="block text-sm font-normal text-muted">
                    {product.subtitle[locale]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="club-plans" className="mb-14">
        <h2 id="club-plans" className="mb-6 text-2xl font-bold">
          {t('plansTitle')}
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan.key} className={`${cardClass} flex flex-col gap-4`}>
              <article
                aria-labelledby={`plan-${plan.key}`}
                data-testid={`club-plan-${plan.key}`}
                className="flex flex-1 flex-col gap-4"
              >
                <header>
                  <h3 id={`plan-${plan.key}`} className="text-xl font-semibold">
                    {plan.name[locale]}
                  </h3>
                  <p className="mt-1 text-cacao-700 dark:text-cacao-200">{plan.summary[locale]}</p>
                </header>
                <p>
                  <Price amount={plan.price} className="text-3xl font-bold" />{' '}
                  <span className="text-muted">
                    {plan.everyMonths === 1
                      ? t('everyMonth')
                      : t('everyMonths', { months: plan.everyMonths })}
                  </span>
                  {plan.everyMonths > 1 ? (
                    <span className="block text-sm text-muted">
                      {t('perBox', { price: formatPrice(pricePerBox(plan)) })}
                    </span>
                  ) : null}
                </p>
                <div>
                  <h4 className="text-sm font-semibold text-muted uppercase">{t('planPerks')}</h4>
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    <li>{t('perkBox', { bars: plan.barsPerBox })}</li>
                    {plan.perks.easterDiscountPercent > 0 ? (
                      <li>{t('perkDiscount', { percent: plan.perks.easterDiscountPercent })}</li>
                    ) : null}
                    {plan.perks.freeDelivery ? <li>{t('perkDelivery')}</li> : null}
                  </ul>
                </div>
                <div className="mt-auto">{join(plan)}</div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="club-perks" className="mb-14">
        <h2 id="club-perks" className="mb-4 text-2xl font-bold">
          {t('perksTitle')}
        </h2>
        <ul className="list-disc space-y-2 pl-6 text-cacao-700 dark:text-cacao-200">
          <li>{t('perksDiscount', { percent: bestDiscount })}</li>
          <li>{t('perksDelivery')}</li>
          <li>{t('perksFirst')}</li>
        </ul>
      </section>

      <section aria-labelledby="club-faq">
        <h2 id="club-faq" className="mb-4 text-2xl font-bold">
          {t('faqTitle')}
        </h2>
        <dl className="space-y-5">
          {CLUB_FAQ.map((n) => (
            <div key={n}>
              <dt className="font-semibold">{t(`faq.q${n}`)}</dt>
              <dd className="mt-1 text-cacao-700 dark:text-cacao-200">{t(`faq.a${n}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
