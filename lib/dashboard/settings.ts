import 'server-only';

import { z } from 'zod';

import { getAdminDb, shopPath } from '@/lib/firebase/admin';

// The panel home's e-mail switches (projects/{shop}/settings/dashboard) and the records that keep
// each e-mail to once (projects/{shop}/dashboardMails/{id}): this module alone reads and writes
// them.

export type DashboardSettings = {
  /** The summary e-mail each morning (./morning-mail.ts). */
  morningEmail: boolean;
  /** The e-mail when a product falls to LOW_STOCK_THRESHOLD units (./low-stock.ts). */
  lowStockEmail: boolean;
};

/** Both e-mails are on until the shop turns them off. */
const settingsSchema = z.object({
  morningEmail: z.boolean().catch(true).default(true),
  lowStockEmail: z.boolean().catch(true).default(true),
});

function settingsDoc() {
  return getAdminDb().doc(`${shopPath()}/settings/dashboard`);
}

/** The claims and state of the dashboard's e-mails. */
export function dashboardMailsCollection() {
  return getAdminDb().collection(`${shopPath()}/dashboardMails`);
}

export async function readDashboardSettings(): Promise<DashboardSettings> {
  const snapshot = await settingsDoc().get();
  return settingsSchema.parse(snapshot.data() ?? {});
}

export async function saveDashboardSettings(settings: DashboardSettings): Promise<void> {
  await settingsDoc().set(settings, { merge: true });
}
