import { NextResponse, type NextRequest } from 'next/server';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { LOCALE_COOKIE, locales } from '@/lib/i18n/locales';
import {
  createNonce,
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  noncePagePolicy,
  staticPagePolicy,
  usesNoncePolicy,
  type CspContext,
} from '@/lib/security/csp';
import { configuredSiteOrigin, runtimeEnv } from '@/lib/public-env';
import { isPossibleServerAction, refusePageRequest } from '@/lib/security/request-guard';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { loginPath, RETURN_PATH_HEADER } from '@/lib/session/return-path';

/** The paths of config.matcher's first entry: pages (proxy.test.ts checks that they agree). */
export function isPagePath(pathname: string): boolean {
  return /^\/(?!api|_next|_vercel|sitemap.xml|robots.txt|apple-icon|.*\..*).*$/.test(pathname);
}

function localeOfPath(pathname: string) {
  const first = pathname.split('/')[1] ?? '';
  return locales.find((locale) => locale === first);
}

/** Whether `path` (without its locale prefix) is the control panel or one of its pages. */
function isControlPanel(path: string): boolean {
  return path === '/control-panel' || path.startsWith('/control-panel/');
}

/** What the policies depend on, read from the server's environment at run time. */
function cspContext(): CspContext {
  const emulatorHost = runtimeEnv('FIREBASE_AUTH_EMULATOR_HOST');
  const site = configuredSiteOrigin();
  return {
    authEmulatorOrigin: emulatorHost ? `http://${emulatorHost}` : null,
    authDomain: runtimeEnv('NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN') ?? null,
    analytics: Boolean(runtimeEnv('NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID')),
    vercel: runtimeEnv('VERCEL') === '1',
    https: runtimeEnv('NODE_ENV') === 'production' && site?.startsWith('https://') === true,
  };
}

function withPolicy(response: NextResponse, policy: string): NextResponse {
  response.headers.set('Content-Security-Policy', policy);
  response.headers.set('Reporting-Endpoints', `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
  return response;
}

function refusalResponse(refusal: NonNullable<Awaited<ReturnType<typeof refusePageRequest>>>) {
  return new NextResponse(`${refusal.status} ${refusal.code}\n`, {
    status: refusal.status,
    headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store', ...refusal.headers },
  });
}

/**
 * A request config.matcher lets through only because Next may run it as a Server Action (a path
 * with a dot, say): the Server Action guards, and nothing a page gets.
 */
async function guardActionOnly(request: NextRequest): Promise<NextResponse> {
  if (!isPossibleServerAction(request)) return NextResponse.next();
  const refusal = await refusePageRequest(request);
  return refusal ? refusalResponse(refusal) : NextResponse.next();
}

/**
 * Every page request: refuses the malformed ones Next would fail on (lib/security/request-guard.ts),
 * sets the Content-Security-Policy (a per-request nonce on account, checkout and panel pages, which
 * also get Cross-Origin-Opener-Policy), and gives every page a locale prefix: a bare path is
 * redirected to the same path under the negotiated locale (cookie first, then Accept-Language,
 * then English).
 */
export async function proxy(request: NextRequest) {
  const { pathname, search, hash } = request.nextUrl;
  if (!isPagePath(pathname)) return guardActionOnly(request);

  const refusal = await refusePageRequest(request);
  if (refusal) return refusalResponse(refusal);

  const pathLocale = localeOfPath(pathname);
  const path = pathLocale ? pathname.slice(pathLocale.length + 1) || '/' : pathname;

  // A cheap first filter only: without a session cookie nobody can be an admin, so send the
  // visitor to sign in (the landing page with the user tab open). The control panel's layout,
  // pages and actions verify the session and the admin flag themselves (lib/control-panel/auth.ts).
  // `next` brings the admin back to the page asked for once signed in.
  if (isControlPanel(path) && !request.cookies.get(SESSION_COOKIE)?.value) {
    const locale =
      pathLocale ??
      negotiateLocale({
        cookieLocale: request.cookies.get(LOCALE_COOKIE.name)?.value,
        acceptLanguage: request.headers.get('accept-language'),
      });
    const url = request.nextUrl.clone();
    const target = new URL(loginPath(locale, `/${locale}${path}${search}`), url);
    url.pathname = target.pathname;
    url.search = target.search;
    url.hash = '';
    const response = NextResponse.redirect(url, 307);
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('Vary', 'Accept-Language, Cookie');
    return response;
  }

  if (pathLocale) {
    // not-found pages get no route params: next-intl reads their locale from this header.
    const headers = new Headers(request.headers);
    headers.set('X-NEXT-INTL-LOCALE', pathLocale);
    // The page asked for, for the panel's own sign-in redirect when a session cookie turns out
    // invalid (lib/control-panel/auth.ts); always set here, so a client cannot supply it.
    if (isControlPanel(path)) headers.set(RETURN_PATH_HEADER, `${pathname}${search}`);
    else headers.delete(RETURN_PATH_HEADER);
    const context = cspContext();
    if (usesNoncePolicy(path)) {
      // Next reads the nonce from the request's policy and puts it on every script it renders.
      const policy = noncePagePolicy(createNonce(), context);
      headers.set('Content-Security-Policy', policy);
      const response = withPolicy(NextResponse.next({ request: { headers } }), policy);
      // A cross-origin page that opened this one loses its handle on it (no frame counting, no
      // redirecting it); popups it opens, such as the Google sign-in, keep theirs. Only on these
      // pages: in a new tab the header makes the browser start the page in a fresh process, which
      // on the catalogue pages, where visitors arrive from links, delayed the first paint by
      // 50-90 ms (docs/operations.md, "Security headers").
      response.headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      return response;
    }
    return withPolicy(NextResponse.next({ request: { headers } }), staticPagePolicy(context));
  }

  const locale = negotiateLocale({
    cookieLocale: request.cookies.get(LOCALE_COOKIE.name)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}${pathname === '/' ? '' : pathname}`;
  url.search = search;
  url.hash = hash;
  const response = NextResponse.redirect(url, 307);
  response.headers.set('Vary', 'Accept-Language, Cookie');
  return response;
}

export const config = {
  matcher: [
    // Pages: not API routes, Next internals, metadata files or anything with a file extension.
    '/((?!api|_next|_vercel|sitemap.xml|robots.txt|apple-icon|.*\\..*).*)',
    // And wherever Next may run a Server Action, which is a POST to whatever page route the path
    // resolves to, dotted paths included: a matcher that skips a path skips its actions too
    // (https://nextjs.org/docs/app/api-reference/file-conventions/proxy, "Execution order";
    // `has` conditions under "Matcher").
    // Next tells an action by a Next-Action header, or a form POST (server-action-request-meta);
    // route handlers under /api/ run no actions.
    { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
    {
      source: '/((?!api/).*)',
      has: [
        {
          type: 'header',
          key: 'content-type',
          value: '(multipart/form-data|application/x-www-form-urlencoded).*',
        },
      ],
    },
  ],
};
