import { getClubPlan, selectionFor } from '@/lib/club/config';
import type { ClubMemberRow } from '@/lib/club/members';
import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';

import { csvDocument } from './csv';
import { csvDialect } from './orders-csv';

// The club's shipping list as CSV (the control panel's club page): one row per box of the month,
// with the member's delivery address, through the same formula-safe writer as the orders export.

export function clubShippingCsv(
  rows: readonly ClubMemberRow[],
  locale: AppLocale,
  now: Date = new Date(),
): string {
  const t = translatorFor(locale, 'ClubAdmin');
  const selection = selectionFor(now);
  const header = [
    t('csv.name'),
    t('csv.email'),
    t('csv.plan'),
    t('csv.street'),
    t('csv.number'),
    t('csv.extra'),
    t('csv.neighborhood'),
    t('csv.city'),
    t('csv.state'),
    t('csv.postalCode'),
    t('csv.box'),
  ];
  const body = rows.map((row) => [
    row.name,
    row.email,
    getClubPlan(row.plan)?.name[locale] ?? row.plan,
    row.address?.street ?? '',
    row.address?.number ?? '',
    row.address?.extra ?? '',
    row.address?.neighborhood ?? '',
    row.address?.city ?? '',
    row.address?.state ?? '',
    row.address?.postalCode ?? '',
    selection.theme[locale],
  ]);
  return csvDocument(header, body, csvDialect(locale));
}

/** `clube-envios-2026-11.csv` / `club-shipping-2026-11.csv`. */
export function clubShippingFileName(locale: AppLocale, month: string): string {
  return `${locale === 'pt-BR' ? 'clube-envios' : 'club-shipping'}-${month}.csv`;
}
