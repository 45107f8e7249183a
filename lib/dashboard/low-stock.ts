import 'server-only';

import { listProductRecords } from '@/lib/catalogue/repository';
import { LOW_STOCK_THRESHOLD } from '@/lib/catalogue/availability';
import { runTransaction } from '@/lib/firebase/admin';
import { getInventoryOverlay } from '@/lib/inventory/repository';
import { queueMessages } from '@/lib/mail/queue';

import { lowStockMail } from './mail-templates';
import { dashboardMailsCollection, readDashboardSettings } from './settings';

/**
 * E-mails the shop about the products that fell to LOW_STOCK_THRESHOLD units or fewer since the
 * last run, once per crossing: the products already told about are kept in
 * dashboardMails/low-stock and dropped from it when restocked above the threshold, so the next
 * fall is told again. The record and the e-mail are written in one transaction, so two runs at
 * once tell it once. Returns the product keys told about now.
 */
export async function queueLowStockMail(): Promise<string[]> {
  if (!(await readDashboardSettings()).lowStockEmail) return [];
  const records = await listProductRecords();
  const overlay = await getInventoryOverlay(records);
  const low = new Set(
    Object.entries(overlay)
      .filter(([, entry]) => entry.stock <= LOW_STOCK_THRESHOLD)
      .map(([key]) => key),
  );
  const record = dashboardMailsCollection().doc('low-stock');
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(record);
    const stored: unknown = snapshot.get('told');
    const told = new Set(
      Array.isArray(stored) ? stored.filter((key) => typeof key === 'string') : [],
    );
    const crossed = [...low].filter((key) => !told.has(key)).sort();
    const restocked = [...told].filter((key) => !low.has(key));
    if (crossed.length === 0 && restocked.length === 0) return [];
    transaction.set(record, { told: [...low].sort() });
    if (crossed.length > 0) {
      const products = crossed.map((key) => ({
        key,
        title: records.find((record) => record.key === key)?.title['pt-BR'] ?? key,
        stock: overlay[key]?.stock ?? 0,
      }));
      queueMessages(transaction, (config) => [lowStockMail(products, config.shopAddress)]);
    }
    return crossed;
  });
}
