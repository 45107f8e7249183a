'use server';

import { headers } from 'next/headers';
import { z } from 'zod';

import { getProductRecord } from '@/lib/catalogue/repository';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { locales } from '@/lib/i18n/locales';
import { startActionLog } from '@/lib/log';
import { rateLimiter } from '@/lib/rate-limit';
import { clientAddress } from '@/lib/security/origin';
import { readSession } from '@/lib/session/session';

import { signUpForRestock, unsubscribeRestock } from './repository';

export type RestockSignUpResult =
  | { ok: true; email: string }
  /** Each error has its message under "RestockAlert.errors". */
  | { ok: false; error: 'email' | 'consent' | 'product' | 'rateLimited' | 'unavailable' };

const inputSchema = z.object({
  productKey: z.string().min(1).max(80),
  /** Ignored for a signed-in shopper: their account's address is used. */
  email: z.string().trim().max(254).optional(),
  consent: z.boolean(),
  locale: z.enum(locales),
});
const emailSchema = z.string().email();

/**
 * 'Avise-me quando chegar' on a sold-out product: the shopper's address (a signed-in one's own,
 * in one tap) with their consent to one e-mail when it is back. Rate-limited per address in
 * Firestore; a backend fault is said as such.
 */
export async function requestRestockAlert(input: unknown): Promise<RestockSignUpResult> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'product' };
  const { productKey, consent, locale } = parsed.data;
  if (!consent) return { ok: false, error: 'consent' };
  const log = await startActionLog();
  try {
    return await withDeadline(
      (async (): Promise<RestockSignUpResult> => {
        const limit = await rateLimiter('restockAlertPerIp').take(
          clientAddress({ headers: await headers() }),
        );
        if (!limit.allowed) return { ok: false, error: 'rateLimited' };
        const session = await readSession();
        const user = session.status === 'signed-in' ? session.user : null;
        const email = user?.email || parsed.data.email || '';
        if (!emailSchema.safeParse(email).success) return { ok: false, error: 'email' };
        const product = await getProductRecord(productKey);
        if (!product || product.archived) return { ok: false, error: 'product' };
        await signUpForRestock({ productKey, email, locale, uid: user?.uid ?? null });
        log.event('restock.signed_up', { productKey, signedIn: user !== null });
        return { ok: true, email };
      })(),
      backendDeadlineMs(),
      'restock sign-up',
    );
  } catch (error) {
    log.error(error, { during: 'restock-sign-up', productKey });
    return { ok: false, error: 'unavailable' };
  }
}

/** The unsubscribe page's confirmation: 'done', 'unknown' (no such link) or 'unavailable'. */
export async function confirmRestockUnsubscribe(
  token: unknown,
): Promise<'done' | 'unknown' | 'unavailable'> {
  if (typeof token !== 'string' || !/^[0-9a-f]{36}$/.test(token)) return 'unknown';
  const log = await startActionLog();
  try {
    const done = await withDeadline(
      unsubscribeRestock(token),
      backendDeadlineMs(),
      'restock unsubscribe',
    );
    if (done) log.event('restock.unsubscribed', {});
    return done ? 'done' : 'unknown';
  } catch (error) {
    log.error(error, { during: 'restock-unsubscribe' });
    return 'unavailable';
  }
}
