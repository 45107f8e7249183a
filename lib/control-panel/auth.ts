import 'server-only';

import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';

import type { AppLocale } from '@/lib/i18n/locales';
import { loginPath, RETURN_PATH_HEADER } from '@/lib/session/return-path';
import {
  ADMIN_MAX_SIGN_IN_AGE_SECONDS,
  readSession,
  SessionUnavailableError,
} from '@/lib/session/session';
import type { PublicUser } from '@/lib/users/types';
import { logFailure } from '@/lib/log';

// The control panel's only gate, used by its layout, each of its pages and every admin action.
// The proxy's cookie-presence redirect is a convenience, never the guard: a cookie's presence
// says nothing about whether it is valid or an admin's (docs/ARCHITECTURE.md).

export type AdminCheck =
  | { status: 'admin'; user: PublicUser }
  | { status: 'signed-out' }
  /** An admin whose last sign-in is older than ADMIN_MAX_SIGN_IN_AGE_SECONDS. */
  | { status: 'reauth'; user: PublicUser }
  | { status: 'forbidden'; user: PublicUser };

/** The admin check of each request, by the request's headers object (one per request). */
const checksByRequest = new WeakMap<object, Promise<AdminCheck>>();

/**
 * Who is asking, decided on the server from the session cookie and the user document read fresh
 * (so a demotion applies on the next request): admin only when the stored isAdmin is exactly
 * `true`. Read once per request: the layout and the page share it, and so do a Server Action
 * and the re-render of its page that Next sends in the same response (React's cache() memoizes
 * within one render only, so it would read the session twice there). The request's headers
 * object, the same one for the action and the render, is the key.
 */
export async function checkAdmin(): Promise<AdminCheck> {
  const request = await headers();
  let check = checksByRequest.get(request);
  if (!check) {
    check = readAdminCheck();
    checksByRequest.set(request, check);
  }
  return check;
}

async function readAdminCheck(): Promise<AdminCheck> {
  // A backend fault propagates (SessionUnavailableError): it is not a signed-out visitor.
  const session = await readSession();
  if (session.status === 'signed-out') return { status: 'signed-out' };
  const { user, authTime } = session;
  // toPublicUser derives isAdmin with isAdminRecord (=== true); re-checked strictly here anyway.
  if (user.isAdmin !== true) return { status: 'forbidden', user };
  // Admin work needs a recent sign-in, not just a session cookie that may be days old.
  if (Date.now() / 1000 - authTime > ADMIN_MAX_SIGN_IN_AGE_SECONDS) {
    return { status: 'reauth', user };
  }
  return { status: 'admin', user };
}

/** Where an admin with a sign-in too old for the panel is asked to sign in again. */
export function reauthPath(locale: AppLocale): string {
  return `/${locale}/usuario?reauth=1`;
}

/**
 * For control-panel layouts and pages: the admin, or a redirect to sign in (no valid session, or
 * an admin sign-in older than 12 hours), or the 403 page (signed in, not an admin). Never
 * returns for a non-admin. Null when Auth or Firestore cannot answer the session check in time:
 * the caller renders components/control-panel/panel-unavailable.tsx and nothing of the panel
 * (a client error boundary could not tell this fault from any other, since production hides
 * server error messages from it).
 */
export async function requireAdminPage(locale: AppLocale): Promise<PublicUser | null> {
  let check: AdminCheck;
  try {
    check = await checkAdmin();
  } catch (error) {
    if (!(error instanceof SessionUnavailableError)) throw error;
    logFailure('backend.failed', error, { what: 'control-panel.admin-check' });
    return null;
  }
  if (check.status === 'signed-out') {
    // Back to the page asked for after signing in (the proxy names it; validated again here).
    redirect(loginPath(locale, (await headers()).get(RETURN_PATH_HEADER)));
  }
  if (check.status === 'reauth') redirect(reauthPath(locale));
  if (check.status === 'forbidden') forbidden();
  return check.user;
}

/**
 * For admin actions: the admin, or a 403 (Next answers a Server Action that calls forbidden()
 * with HTTP 403 and nothing changes). Signed-out callers and admins whose sign-in is older than
 * 12 hours get the same 403: an action is no place to redirect to a login form.
 */
export async function requireAdminAction(): Promise<PublicUser> {
  const check = await checkAdmin();
  if (check.status !== 'admin') forbidden();
  return check.user;
}
