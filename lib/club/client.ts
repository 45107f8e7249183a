// The browser side of POST /api/club/join (app/api/club/join/route.ts): a fetch wrapper, no
// Firebase. Any answer that is not the route's own (a proxy's error page) reads by its status.
import type { JoinClubResult } from './join';
import type { ChangeMembershipResult } from './manage';

export const JOIN_URL = '/api/club/join';

function isJoinResult(body: unknown): body is JoinClubResult {
  if (typeof body !== 'object' || body === null) return false;
  const { ok, mode, error } = body as Record<string, unknown>;
  return ok === true ? mode === 'mercadopago' || mode === 'whatsapp' : typeof error === 'string';
}

export async function requestJoin(plan: string, locale: string): Promise<JoinClubResult> {
  let response: Response;
  try {
    response = await fetch(JOIN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan, locale }),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, error: 'temporarily-unavailable' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (isJoinResult(body)) return body;
  if (response.status === 401) return { ok: false, error: 'unauthenticated' };
  if (response.status === 409) return { ok: false, error: 'already-member' };
  return { ok: false, error: 'temporarily-unavailable' };
}

export const MEMBERSHIP_URL = '/api/club/membership';

function isChangeResult(body: unknown): body is ChangeMembershipResult {
  if (typeof body !== 'object' || body === null) return false;
  const { ok, state, error } = body as Record<string, unknown>;
  return ok === true ? typeof state === 'string' : typeof error === 'string';
}

/** Pauses, resumes or cancels the signed-in member's membership (POST /api/club/membership). */
export async function requestMembershipChange(
  action: 'pause' | 'resume' | 'cancel',
): Promise<ChangeMembershipResult> {
  let response: Response;
  try {
    response = await fetch(MEMBERSHIP_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action }),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, error: 'temporarily-unavailable' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (isChangeResult(body)) return body;
  if (response.status === 401) return { ok: false, error: 'unauthenticated' };
  return { ok: false, error: 'temporarily-unavailable' };
}
