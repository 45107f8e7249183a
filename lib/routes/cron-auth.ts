import 'server-only';

import { timingSafeEqual } from 'node:crypto';

import { getEnv } from '@/lib/env';

/**
 * Whether `request` carries `Authorization: Bearer <CRON_SECRET>` (Vercel Cron sends it when the
 * project has that variable; Cloud Scheduler is told to send it, README). Never without a secret.
 */
export function cronAuthorized(request: Request): boolean {
  const secret = getEnv().orders.cronSecret;
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
