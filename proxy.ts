import { NextResponse, type NextRequest } from 'next/server';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { LOCALE_COOKIE, locales } from '@/lib/i18n/locales';

function localeOfPath(pathname: string) {
  const first = pathname.split('/')[1] ?? '';
  return locales.find((locale) => locale === first);
}

/**
 * Locale prefix for every page: a bare path is redirected to the same path under the negotiated
 * locale (cookie first, then Accept-Language, then English).
 */
export function proxy(request: NextRequest) {
  const { pathname, search, hash } = request.nextUrl;
  const pathLocale = localeOfPath(pathname);
  if (pathLocale) {
    // not-found pages get no route params: next-intl reads their locale from this header.
    const headers = new Headers(request.headers);
    headers.set('X-NEXT-INTL-LOCALE', pathLocale);
    return NextResponse.next({ request: { headers } });
  }

  const locale = negotiateLocale({
    cookieLocale: request.cookies.get(LOCALE_COOKIE)?.value,
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
  // Pages only: not API routes, Next internals, metadata files or anything with a file extension.
  matcher: ['/((?!api|_next|_vercel|sitemap.xml|robots.txt|.*\\..*).*)'],
};
