'use server';

import { z } from 'zod';

import { saveDashboardSettings, type DashboardSettings } from '@/lib/dashboard/settings';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { startActionLog } from '@/lib/log';

import { requireAdminAction } from './auth';

export type DashboardSettingsResult =
  | { ok: true; settings: DashboardSettings }
  /** Refused: nothing was written. */
  | { ok: false; error: 'invalid' | 'unavailable' };

const inputSchema = z.strictObject({ morningEmail: z.boolean(), lowStockEmail: z.boolean() });

/**
 * Turns the panel home's morning summary and low-stock e-mails on or off. Admins only (anyone
 * else gets a 403 before anything is read or written).
 */
export async function saveDashboardSettingsAction(
  input: unknown,
): Promise<DashboardSettingsResult> {
  const admin = await requireAdminAction();
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'invalid' };
  const log = await startActionLog();
  try {
    await withDeadline(
      saveDashboardSettings(parsed.data),
      backendDeadlineMs(),
      'dashboard settings',
    );
    log.event('dashboard.mail', { what: 'settings', by: admin.uid, ...parsed.data });
    return { ok: true, settings: parsed.data };
  } catch (error) {
    log.error(error, { during: 'save-dashboard-settings', by: admin.uid });
    return { ok: false, error: 'unavailable' };
  }
}
