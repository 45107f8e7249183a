'use server';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { saveDeliveryTable } from '@/lib/delivery/repository';
import type { DeliveryTable, DeliveryTableProblem } from '@/lib/delivery/table';
import { validateDeliveryTable } from '@/lib/delivery/validate';
import { startActionLog } from '@/lib/log';

import { requireAdminAction } from './auth';

export type DeliveryTableSaveResult =
  | { ok: true; table: DeliveryTable }
  /** Refused: nothing was written; each problem has its message under ControlPanel.delivery. */
  | { ok: false; problems: DeliveryTableProblem[] }
  /** Firestore did not answer: nothing is known to be written. */
  | { ok: false; unavailable: true };

/**
 * Replaces the delivery table (the panel's /control-panel/delivery). Admins only (anyone else gets
 * a 403 before anything is read); a table with malformed or overlapping CEP ranges, a negative
 * fee, no capacity or no weekday changes nothing.
 */
export async function saveDeliveryTableAction(input: unknown): Promise<DeliveryTableSaveResult> {
  const admin = await requireAdminAction();
  const checked = validateDeliveryTable(input);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const log = await startActionLog();
  try {
    await withDeadline(saveDeliveryTable(checked.table), backendDeadlineMs(), 'delivery table');
    log.event('delivery.table_saved', { by: admin.uid, regions: checked.table.regions.length });
    return { ok: true, table: checked.table };
  } catch (error) {
    log.error(error, { during: 'save-delivery-table', by: admin.uid });
    return { ok: false, unavailable: true };
  }
}
