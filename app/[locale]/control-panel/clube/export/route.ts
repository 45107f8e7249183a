import { hasLocale } from 'next-intl';

import { clubMonth } from '@/lib/club/config';
import { shippingList } from '@/lib/club/members';
import { listClubMembers } from '@/lib/club/members-read';
import { checkAdmin, type AdminCheck } from '@/lib/control-panel/auth';
import { clubShippingCsv, clubShippingFileName } from '@/lib/csv/club-csv';
import { routing } from '@/lib/i18n/routing';
import { logFailure } from '@/lib/log';
import { SessionUnavailableError } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ locale: string }> };

/**
 * This month's club shipping list as CSV (GET /{locale}/control-panel/clube/export), in the
 * admin's language. Admins only: 401 without a session, 403 otherwise, 503 when the session or
 * the memberships cannot be read (as the orders export, ../../export/route.ts).
 */
export async function GET(_request: Request, { params }: Context) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response(null, { status: 404 });
  let check: AdminCheck;
  try {
    check = await checkAdmin();
  } catch (error) {
    if (!(error instanceof SessionUnavailableError)) throw error;
    return new Response(null, { status: 503, headers: { 'Retry-After': '5' } });
  }
  if (check.status !== 'admin') {
    return new Response(null, { status: check.status === 'signed-out' ? 401 : 403 });
  }
  try {
    const now = new Date();
    const rows = shippingList(await listClubMembers());
    return new Response(clubShippingCsv(rows, locale, now), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${clubShippingFileName(locale, clubMonth(now))}"`,
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'control-panel.club-export' });
    return new Response(null, { status: 503, headers: { 'Retry-After': '5' } });
  }
}
