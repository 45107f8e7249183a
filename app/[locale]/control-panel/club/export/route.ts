import { clubMonth } from '@/lib/club/config';
import { shippingList } from '@/lib/club/members';
import { listClubMembers } from '@/lib/club/members-read';
import { adminCsvRoute } from '@/lib/control-panel/csv-route';
import { clubShippingCsv, clubShippingFileName } from '@/lib/csv/club-csv';

export const dynamic = 'force-dynamic';

/**
 * This month's club shipping list as CSV (GET /{locale}/control-panel/club/export), for admins
 * only (lib/control-panel/csv-route.ts).
 */
export const GET = adminCsvRoute('control-panel.club-export', async (_request, locale) => {
  const now = new Date();
  const rows = shippingList(await listClubMembers());
  return {
    csv: clubShippingCsv(rows, locale, now),
    fileName: clubShippingFileName(locale, clubMonth(now)),
  };
});
