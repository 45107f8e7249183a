import { productTitleLookup } from '@/lib/catalogue/repository';
import { adminCsvRoute } from '@/lib/control-panel/csv-route';
import { ordersCsv, ordersCsvFileName } from '@/lib/csv/orders-csv';
import { parseOrderFilters, type OrderCursor } from '@/lib/orders/order-filters';
import { listPanelOrders } from '@/lib/orders/repository/panel';
import type { AdminOrder } from '@/lib/orders/types';

export const dynamic = 'force-dynamic';

/** Orders read per query while exporting: larger than the panel's page, fewer round trips. */
const EXPORT_PAGE_SIZE = 500;

/**
 * The filtered order list as CSV (GET /{locale}/control-panel/export?status=…&shipping=…&q=…),
 * every page of it, for admins only (lib/control-panel/csv-route.ts).
 */
export const GET = adminCsvRoute('control-panel.export', async (request, locale) => {
  const filters = parseOrderFilters(Object.fromEntries(new URL(request.url).searchParams));
  const orders: AdminOrder[] = [];
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
  const csv = ordersCsv(orders, locale, await productTitleLookup(locale));
  return { csv, fileName: ordersCsvFileName(locale) };
});
