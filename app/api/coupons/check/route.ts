import type { NextRequest } from 'next/server';

import { checkCoupon } from '@/lib/coupons/check';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { parseQuoteLines } from '@/lib/delivery/quote';
import { logFailure } from '@/lib/log';
import { rateLimiter } from '@/lib/rate-limit';
import { clientAddress } from '@/lib/security/origin';
import { readSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * GET /api/coupons/check?code=PASCOA10&lines=key:2,key:1: whether the coupon can be used on these
 * lines and its discount (lib/coupons/check.ts), for the list and the checkout. Rate-limited per
 * address in Firestore, so codes cannot be guessed by the thousand.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const code = (params.get('code') ?? '').slice(0, 40);
  const lines = parseQuoteLines(params.get('lines') ?? '');
  if (!code || !lines) {
    return Response.json({ error: 'bad-request' }, { status: 400, headers: HEADERS });
  }
  const limit = await rateLimiter('couponCheckPerIp').take(clientAddress(request));
  if (!limit.allowed) {
    return Response.json(
      { error: 'rate-limited' },
      { status: 429, headers: { ...HEADERS, 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  try {
    const answer = await withDeadline(
      (async () => {
        // A session that cannot be checked fails the check (503), never answers as a visitor.
        const session = await readSession();
        return checkCoupon(code, lines, session.status === 'signed-in' ? session.user : null);
      })(),
      backendDeadlineMs(),
      'the coupon check',
    );
    return Response.json(answer, { headers: HEADERS });
  } catch (error) {
    logFailure('backend.failed', error, { what: 'coupon.check' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}
