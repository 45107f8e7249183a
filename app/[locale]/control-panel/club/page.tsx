import type { Metadata } from 'next';
import Form from 'next/form';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';
import { getClubPlan, selectionFor } from '@/lib/club/config';
import { MEMBERSHIP_STATES } from '@/lib/club/membership';
import {
  filterMembers,
  parseMemberFilters,
  shippingList,
  type ClubMemberRow,
} from '@/lib/club/members';
import { listClubMembers } from '@/lib/club/members-read';
import { requireAdminPage } from '@/lib/control-panel/auth';
import type { AppLocale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/navigation';
import { logFailure } from '@/lib/log';
import { formatAddress } from '@/lib/users/format-address';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ClubAdmin' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The club in the control panel: every member with plan and state, filtered by state and searched
 * by name or e-mail (a GET form, as the orders list), and this month's shipping list with each
 * member's address, exportable as CSV (./export/route.ts). Admins only, as every panel page.
 */
export default async function ControlPanelClubPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const t = await getTranslations('ClubAdmin');
  const states = await getTranslations('ClubMember.states');
  const filters = parseMemberFilters(await searchParams);
  let rows: ClubMemberRow[];
  try {
    rows = await listClubMembers();
  } catch (error) {
    logFailure('backend.failed', error, { what: 'control-panel.club' });
    return <ServiceUnavailable />;
  }
  const members = filterMembers(rows, filters);
  const shipping = shippingList(rows);
  const now = new Date();
  const selection = selectionFor(now);
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });
  const filtered = filters.state !== null || filters.q !== '';
  const planName = (row: ClubMemberRow) => getClubPlan(row.plan)?.name[locale] ?? row.plan;

  return (
    <div className="mt-8 flex flex-col gap-10">
      <section aria-labelledby="club-members-title">
        <h2 id="club-members-title" className="text-2xl font-bold">
          {t('title')}
        </h2>
        <p className="mt-2 text-sm text-cacao-600 dark:text-cacao-300">
          {t('count', { count: rows.filter((row) => row.state === 'active').length })}
        </p>
        <Form
          action={`/${locale}/control-panel/club`}
          aria-label={t('filters')}
          className="mt-4 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800"
        >
          <SelectField
            id="club-filter-state"
            name="state"
            size="sm"
            className="w-full text-sm font-medium sm:w-auto"
            label={t('state')}
            defaultValue={filters.state ?? ''}
          >
            <option value="">{t('anyState')}</option>
            {MEMBERSHIP_STATES.map((state) => (
              <option key={state} value={state}>
                {states(state)}
              </option>
            ))}
          </SelectField>
          <TextField
            id="club-filter-q"
            name="q"
            type="search"
            size="sm"
            className="w-full text-sm font-medium sm:w-auto sm:min-w-56 sm:flex-1"
            label={t('search')}
            defaultValue={filters.q}
            maxLength={100}
          />
          <div className="flex gap-2">
            <button type="submit" className={buttonClass({ size: 'sm' })}>
              {t('apply')}
            </button>
            {filtered ? (
              <Link
                href="/control-panel/club"
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                {t('clear')}
              </Link>
            ) : null}
          </div>
        </Form>
        {members.length === 0 ? (
          <p className="mt-6">{filtered ? t('noneFiltered') : t('none')}</p>
        ) : (
          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="club-members">
              <thead>
                <tr className="border-b border-cacao-300 dark:border-cacao-700">
                  <th scope="col" className="py-2 pr-4">
                    {t('member')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('plan')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('state')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('since')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('nextCharge')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.map((row) => (
                  <tr
                    key={row.uid}
                    data-testid="club-member-row"
                    className="border-b border-cacao-200 dark:border-cacao-800"
                  >
                    <td className="py-2 pr-4">
                      <span className="block font-semibold">{row.name || '—'}</span>
                      <span className="block break-all">{row.email}</span>
                    </td>
                    <td className="py-2 pr-4">{planName(row)}</td>
                    <td className="py-2 pr-4">
                      <Badge size="xs">{states(row.state)}</Badge>
                    </td>
                    <td className="py-2 pr-4">{dateFormat.format(new Date(row.createdAt))}</td>
                    <td className="py-2">
                      {row.nextChargeAt !== null
                        ? dateFormat.format(new Date(row.nextChargeAt))
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="club-shipping-title">
        <h2 id="club-shipping-title" className="text-2xl font-bold">
          {t('shippingTitle', {
            month: new Intl.DateTimeFormat(locale, {
              month: 'long',
              year: 'numeric',
              timeZone: 'America/Sao_Paulo',
            }).format(now),
            theme: selection.theme[locale],
          })}
        </h2>
        <p className="mt-2 text-sm text-cacao-600 dark:text-cacao-300">
          {t('shippingIntro', { count: shipping.length })}
        </p>
        {shipping.length > 0 ? (
          <>
            <a
              href={`/${locale}/control-panel/club/export`}
              download
              className={`${buttonClass({ variant: 'secondary', size: 'sm' })} mt-4`}
            >
              {t('download')}
            </a>
            <ul className="mt-4 flex flex-col gap-2" data-testid="club-shipping">
              {shipping.map((row) => (
                <li
                  key={row.uid}
                  className="rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800"
                >
                  <p className="font-semibold">
                    {row.name || row.email} · {planName(row)}
                  </p>
                  <p className="text-sm">
                    {row.address && row.address.street
                      ? formatAddress(row.address)
                      : t('noAddress')}
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}
