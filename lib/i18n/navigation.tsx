'use client';

// The shop's locale-aware navigation: next/link and next/navigation with the locale prefix added
// (or dropped, for usePathname). Every path has the prefix (localePrefix 'always', routing.ts),
// so this is all next-intl's createNavigation would do here; its client code (link, router and
// cookie wrappers) stays out of every page's first load. Hrefs are shop paths without locale:
// '/', '/#chocolates', '/chocolates/ovo-pistache'.
import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useMemo, type ComponentProps } from 'react';
import type { AppLocale } from './locales';
import { delocalizedPath, localizedPath } from './switch-locale';

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/**
 * A link to a shop path in the page's language. A link to the page it is on ('/#chocolates' on
 * the landing) is not prefetched: that would fetch the page's whole payload again while it loads.
 */
export function Link({ href, prefetch, ...props }: LinkProps) {
  const locale = useLocale() as AppLocale;
  const target = localizedPath(href, locale);
  const samePage = target.split(/[?#]/)[0] === useNextPathname();
  return <NextLink href={target} prefetch={samePage ? false : prefetch} {...props} />;
}

/** The current path without its locale prefix ('/', '/usuario'). */
export function usePathname(): string {
  return delocalizedPath(useNextPathname() ?? '/');
}

/** Next's router; push, replace and prefetch take shop paths and add the page's locale. */
export function useRouter(): ReturnType<typeof useNextRouter> {
  const router = useNextRouter();
  const locale = useLocale() as AppLocale;
  return useMemo(
    () => ({
      ...router,
      push: (href, options) => router.push(localizedPath(href, locale), options),
      replace: (href, options) => router.replace(localizedPath(href, locale), options),
      prefetch: (href, options) => router.prefetch(localizedPath(href, locale), options),
    }),
    [router, locale],
  );
}
