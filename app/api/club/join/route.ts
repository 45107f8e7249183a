import { joinClub, type JoinClubResult } from '@/lib/club/join';
import { jsonPostRoute } from '@/lib/routes/json-route';

// POST /api/club/join: a signed-in shopper joins a club plan (the rules are lib/club/join.ts).

export const dynamic = 'force-dynamic';

/**
 * Answers 200 with the Mercado Pago link to authorise (or mode 'whatsapp' when Mercado Pago is not
 * configured), 400 invalid, 401 signed out, 409 already a member, 503 + Retry-After when Auth,
 * Firestore or Mercado Pago cannot answer, 500 otherwise; before it, 403 for another origin, 415
 * for a body that is not JSON, 413 too large.
 */
export const POST = jsonPostRoute<JoinClubResult>({
  // `{"plan": "mensal", "locale": "pt-BR"}`: a few dozen bytes.
  maxBodyBytes: 1024,
  statusOf: {
    'already-member': 409,
  },
  run: (body) => joinClub(body),
});
