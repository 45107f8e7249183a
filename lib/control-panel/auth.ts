import 'server-only';

import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';

import type { AppLocale } from '@/lib/i18n/locales';
import { loginPath, RETURN_PATH_HEADER } from '@/lib/session/return-path';
import { getSessionUser } from '@/lib/session/session';
import type { PublicUser } from '@/lib/users/types';

// The control panel's only gate, used by its layout, each of its pages and every admin action.
// The proxy's cookie-presence redirect is a convenience, never the guard: a cookie's presence
// says nothing about whether it is valid or an admin's (docs/ARCHITECTURE.md).

export type AdminCheck =
  | { status: 'admin'; user: PublicUser }
  | { status: 'signed-out' }
  | { status: 'forbidden'; user: PublicUser };

/**
 * Who is asking, decided on the server from the session cookie and the user document read fresh
 * (so a demotion applies on the next request): admin only when the stored isAdmin is exactly
 * `true`. Memoized per request, so the layout and the page verify the session once.
 */
export const checkAdmin = cache(async (): Promise<AdminCheck> => {
  const user = await getSessionUser();
  if (!user) return { status: 'signed-out' };
  // toPublicUser derives isAdmin with isAdminRecord (=== true); re-checked strictly here anyway.
  return user.isAdmin === true ? { status: 'admin', user } : { status: 'forbidden', user };
});

/**
 * For control-panel layouts and pages: the admin, or a redirect to sign in (no valid session),
 * or the 403 page (signed in, not an admin). Never returns for a non-admin.
 */
export async function requireAdminPage(locale: AppLocale): Promise<PublicUser> {
  const check = await checkAdmin();
  if (check.status === 'signed-out') {
    // Back to the page asked for after signing in (the proxy names it; validated again here).
    redirect(loginPath(locale, (await headers()).get(RETURN_PATH_HEADER)));
  }
  if (check.status === 'forbidden') forbidden();
  return check.user;
}

/**
 * For admin actions: the admin, or a 403 (Next answers a Server Action that calls forbidden()
 * with HTTP 403 and nothing changes). Signed-out callers get the same 403: an action is no place
 * to redirect to a login form.
 */
export async function requireAdminAction(): Promise<PublicUser> {
  const check = await checkAdmin();
  if (check.status !== 'admin') forbidden();
  return check.user;
}
