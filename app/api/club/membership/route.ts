import { changeMembership, type ChangeMembershipResult } from '@/lib/club/manage';
import { jsonPostRoute } from '@/lib/routes/json-route';

// POST /api/club/membership: the signed-in member pauses, resumes or cancels their membership
// (the rules are lib/club/manage.ts).

export const dynamic = 'force-dynamic';

/**
 * Answers 200 with the membership's state now, 400 invalid, 401 signed out, 404 no membership,
 * 409 a move the state does not allow, 503 + Retry-After when Auth, Firestore or Mercado Pago
 * cannot answer, 500 otherwise; before it, 403 for another origin, 415 for a body that is not
 * JSON, 413 too large.
 */
export const POST = jsonPostRoute<ChangeMembershipResult>({
  // `{"action": "cancel"}`: a few dozen bytes.
  maxBodyBytes: 256,
  statusOf: {
    'not-member': 404,
    'not-allowed': 409,
  },
  run: (body) => changeMembership(body),
});
