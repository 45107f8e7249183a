import { hasLocale } from 'next-intl';

import { productTitleLookup } from '@/lib/catalogue/repository';
import { checkAdmin, type AdminCheck } from '@/lib/control-panel/auth';
import { parseOrderFilters, type OrderCursor } from '@/lib/orders/order-filters';
import { listPanelOrders } from '@/lib/orders/repository';
import { ordersCsv, ordersCsvFileName } from '@/lib/csv/orders-csv';
import { routing } from '@/lib/i18n/routing';
import { SessionUnavailableError } from '@/lib/session/session';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

/** Orders read per query while exporting: larger than the panel's page, fewer round trips. */
const EXPORT_PAGE_SIZE = 500;

type Context = { params: Promise<{ locale: string }> };

/**
 * The filtered order list as CSV (GET /{locale}/control-panel/export?status=…&shipping=…&q=…),
 * every page of it, in the admin's language. Admins only: 401 without a session, 403 otherwise, 503 when the session cannot be checked.
 */
export async function GET(request: Request, { params }: Context) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response(null, { status: 404 });
  let check: AdminCheck;
  try {
    check = await checkAdmin();
  } catch (error) {
    // Auth or Firestore cannot answer: a backend fault, not a signed-out visitor.
    if (!(error instanceof SessionUnavailableError)) throw error;
    return new Response(null, { status: 503, headers: { 'Retry-After': '5' } });
  }
  if (check.status !== 'admin') {
    return new Response(null, { status: check.status === 'signed-out' ? 401 : 403 });
  }
  const filters = parseOrderFilters(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const orders = [];
    // Every page, following the list's cursors from the newest.
    let next: OrderCursor | null = null;
    do {
      const slice = await listPanelOrders(
        { ...filters, after: next, before: null },
        EXPORT_PAGE_SIZE,
      );
      orders.push(...slice.items);
      next = slice.next;
    } while (next);
    return new Response(ordersCsv(orders, locale, await productTitleLookup(locale)), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${ordersCsvFileName(locale)}"`,
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'control-panel.export' });
    return new Response(null, { status: 503 });
  }
}
